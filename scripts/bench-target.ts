// The server under test for scripts/bench-server.mjs, in its own process (so the load generator does
// not share its event loop): production shell, API only, embedded PGlite in a fresh folder, the
// in-process mock gateway at zero latency (or GATEWAY_URL: the bench's gateway process), and rate limits
// lifted — they would refuse a load test by design. Answers the bench's questions over IPC (bench-questions.ts).
import { readServerEnv } from '../server/env.ts';
import { shutdownOnSignals } from '../server/http/graceful-shutdown.ts';
import { newWireCounts } from '../server/db/wire-count.ts';
import { createLogger } from '../server/platform/logger.ts';
import { startServer } from '../server/start-server.ts';
import { answerBenchQuestions } from './bench-questions.ts';

const env = readServerEnv();
const log = createLogger(env.LOG_LEVEL);
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
const wire = newWireCounts();
const running = await startServer({
  env,
  log,
  mode: 'api',
  root: process.cwd(),
  deps: { policy: { attemptsPerSession: unlimited, attemptsPerAddress: unlimited }, wire },
});
shutdownOnSignals(running.shutdown, log);
process.send?.('ready');

answerBenchQuestions(wire);
