import { fileURLToPath } from 'node:url';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { DEVELOPMENT_PRIVATE_HOSTS, readServerEnv } from './env.ts';
import { describeError } from './platform/describe-error.ts';
import { createDemoSession } from './demo-session.ts';
import { createDemoLink } from './payment-links/demo-links.ts';
import { ensureDevOwner } from './console/dev-owner.ts';
import { ADD_CONSOLE_USER_COMMAND, addConsoleUserCommand } from './cli/add-console-user.ts';
import { shutdownOnSignals } from './http/graceful-shutdown.ts';
import { createLogger } from './platform/logger.ts';
import { startServer, type StartOptions } from './start-server.ts';

/**
 * env → database → createApp() → listen, with graceful shutdown.
 *   npm start      → `tsx server/main.ts --dev`: the app from source through Vite (hot reload), embedded
 *                    PGlite, in-process mock gateway; prints a demo key and a shopper link.
 *   npm run serve  → `node dist-server/main.js`: the production build in dist/.
 *   --api-only     → no pages at all (tests of the process, the bench).
 */
function modeOf(argv: readonly string[]): StartOptions['mode'] {
  if (argv.includes('--dev')) return 'development';
  if (argv.includes('--api-only')) return 'api';
  return 'production';
}

// `console:add-user`: a command, not the server (in the same entry, so a production build runs it on plain Node).
if (process.argv[2] === ADD_CONSOLE_USER_COMMAND) {
  process.exit(await addConsoleUserCommand(process.argv.slice(3)));
}

// This file is server/main.ts under tsx and dist-server/main.js once built: the repository is one up.
const root = fileURLToPath(new URL('..', import.meta.url));
const mode = modeOf(process.argv.slice(2));
const env = (() => {
  try {
    // `npm start` serves the app from source (and the mock gateway's controls): this machine only, unless
    // HOST says otherwise; a developer's webhook endpoint on this machine is allowed (decision 280).
    return readServerEnv(
      mode === 'development'
        ? { HOST: '127.0.0.1', WEBHOOK_ALLOWED_PRIVATE_HOSTS: DEVELOPMENT_PRIVATE_HOSTS }
        : {},
    );
  } catch (error) {
    // A bad setting is one clear message, not a stack.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return process.exit(1);
  }
})();
const log = createLogger(env.LOG_LEVEL);

// postgres.js can reject a query promise nobody waits on any more when a backend dies (its caller already
// failed with the same error): that is the database being unavailable for a moment, not a reason to end the
// process (docs/decisions/120-postgres-connection-loss.md). Any other unhandled rejection still ends it.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    log.warn('database connection lost under a query nobody awaited', { error: describeError(reason) });
    return;
  }
  log.error('unhandled rejection', { error: describeError(reason) });
  process.exit(1);
});

// Production takes real money: a made-up merchant key would lock the merchant out after every restart,
// and the mock gateway would let shoppers "pay" with nothing charged. Say so before serving anything.
if (mode === 'production' && env.CHECKOUT_SECRET_KEY === undefined) {
  process.stderr.write(
    'CHECKOUT_SECRET_KEY is not set: the production server needs the merchant API key (24+ characters).\n' +
      '  For a local try-out of the production build: CHECKOUT_SECRET_KEY=$(openssl rand -hex 24) npm run serve\n',
  );
  process.exit(1);
}
if (mode === 'production' && env.GATEWAY_URL === undefined) {
  if (env.ALLOW_MOCK_GATEWAY !== '1') {
    process.stderr.write(
      'GATEWAY_URL is not set: the production server would take "payments" through the mock gateway and\n' +
        'charge nothing. Set GATEWAY_URL and GATEWAY_TOKEN, or ALLOW_MOCK_GATEWAY=1 to try the build locally.\n',
    );
    process.exit(1);
  }
  log.warn('ALLOW_MOCK_GATEWAY=1: the in-process MOCK gateway answers, no real payment is made');
}

try {
  const running = await startServer({ env, log, mode, root, jobs: env.RUN_JOBS === 'true' });
  shutdownOnSignals(running.shutdown, log);
  const { deps } = running.core;
  log.info('listening', { mode, url: deps.publicUrl, port: env.PORT });
  if (mode === 'development') {
    const link = await createDemoSession(deps);
    const payByLink = await createDemoLink(deps, 'link-active', { reuse: true });
    const owner = await ensureDevOwner(deps.db, deps.now());
    // The demo key goes to the terminal below, not into the structured log: keys never enter logs.
    log.info('ready: a demo checkout to pay', { shopperUrl: link });
    // Also plainly, for the developer reading the terminal rather than a log collector.
    process.stdout.write(
      [
        '',
        `  Checkout server (development) on ${deps.publicUrl}`,
        running.core.secretKeyGenerated
          ? `  Demo secret key:  ${deps.secretKey}   (set CHECKOUT_SECRET_KEY to choose one)`
          : '  Secret key:       CHECKOUT_SECRET_KEY',
        `  Pay this order:   ${link}`,
        `  Pay by link:      ${payByLink}   (a payment link: each visit opens a fresh checkout)`,
        // The demo key itself when it was made up here (copy, paste, it works); the variable's name otherwise, so
        // a key the operator chose is not printed.
        `  Create sessions:  curl -X POST ${deps.publicUrl}/api/v1/checkout-sessions -H ${
          running.core.secretKeyGenerated
            ? `'Authorization: Bearer ${deps.secretKey}'`
            : '"Authorization: Bearer $CHECKOUT_SECRET_KEY"'
        } \\`,
        `                      -H 'Content-Type: application/json' -d '{"reference":"order-1","items":[{"title":"Tee","unit_price":5000,"quantity":1,"tangible":true}]}'`,
        owner
          ? `  Console:          ${deps.publicUrl}/console   log in as ${owner.email} / ${owner.password}   (shown once)`
          : `  Console:          ${deps.publicUrl}/console   (add a user: npm run console:add-user -- --email … --role owner)`,
        `  Mock controls:    ${deps.publicUrl}/__mock-gateway/control/   (pay a PIX code, drop/delay/duplicate/reorder webhooks, move time forward)`,
        deps.mail?.mode === 'capture'
          ? `  Mailbox:          ${deps.publicUrl}/__mock-gateway/control/mailbox   (receipts and notices, kept here: SMTP_URL unset)`
          : `  Mail:             ${deps.mail?.mode === 'smtp' ? 'SMTP_URL' : 'off'}`,
        '  API reference:    docs/merchants/sessions-api.md',
        '',
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  // A start-up failure (database locked or unreachable, no build) is one clear line, not a stack.
  log.error('cannot start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
