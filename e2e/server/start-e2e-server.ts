import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTransactionStatus } from '../../mock-core/gateway.ts';
import { mockGatewayNow } from '../../mock-core/store.ts';
import { readServerEnv } from '../../server/env.ts';
import { shutdownOnSignals } from '../../server/http/graceful-shutdown.ts';
import { createLogger } from '../../server/http/logger.ts';
import { startServer } from '../../server/start-server.ts';
import { PAYER_BANK_PORT, SERVER_DIST } from '../server-origins.ts';

/**
 * The checkout server as `npm run serve` runs it (production mode, the build in SERVER_DIST), for the
 * e2e specs in this folder; playwright.config.ts sets its environment and keeps its output.
 *
 * One addition for tests: the shopper's bank for PIX. Nobody can pay a mock PIX code from outside, so a
 * loopback-only endpoint of this process marks one paid in the in-process mock gateway — as the
 * designer panel's "Simulate payment" does in the browser mock. Everything else is the server's own.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = readServerEnv();
const log = createLogger(env.LOG_LEVEL);
const running = await startServer({ env, log, mode: 'production', root, distDir: `${root}/${SERVER_DIST}` });
shutdownOnSignals(running.shutdown, log);

const payerBank = createServer((req, res) => {
  const paid = /^\/pix\/(\d+)\/pay$/.exec(req.url ?? '');
  const transaction =
    req.method === 'POST' && paid?.[1] ? setTransactionStatus(paid[1], 'paid', mockGatewayNow()) : undefined;
  res.writeHead(transaction ? 204 : 404).end();
});
payerBank.listen(PAYER_BANK_PORT, '127.0.0.1');
log.info('e2e server ready', { url: running.localUrl });
