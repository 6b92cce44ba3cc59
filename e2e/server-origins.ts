import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portFromEnv, serverBuildDir } from '../scripts/e2e-layout.mjs';
import { CHECKOUT_PORT } from './embed-origins.ts';

/**
 * The real checkout server under test (e2e/server/*.spec.ts): its own port (E2E_SERVER_PORT, picked by
 * scripts/run-e2e.mjs: a free one unless given), embedded PGlite
 * in a throw-away DATA_DIR, the in-process mock gateway. The merchant's shop for the cross-site embed is
 * the embed host page on 127.0.0.1, while shoppers reach the checkout as `localhost`: two sites, so the
 * browser treats the checkout's iframe as third-party, with its storage blocked.
 */
export const SERVER_PORT = portFromEnv('E2E_SERVER_PORT');
/** The harness's "payer's bank" for PIX (e2e/server/start-e2e-server.ts), on loopback only. */
export const PAYER_BANK_PORT = SERVER_PORT + 1;
export const SERVER_ORIGIN = `http://localhost:${SERVER_PORT}`;
/** The same static shop page as the other embed tests, reached as another site. */
export const CROSS_SITE_SHOP_ORIGIN = `http://127.0.0.1:${CHECKOUT_PORT + 1}`;

/** Distinctive values, so the log scan can tell they never reached the output. */
export const SECRET_KEY = 'sk_e2e_7b1c5e0f9a2d4c6e8b3f1a0d';
export const GATEWAY_TOKEN = 'gwtok_e2e_3f9a1c7e5b2d8f4a6c0e';

export const SERVER_RUN_DIR = join(tmpdir(), `checkout-e2e-server-${SERVER_PORT}`);
export const SERVER_LOG = join(SERVER_RUN_DIR, 'server.log');
/** The production build run-e2e.mjs made for this run. */
export const SERVER_DIST = serverBuildDir(SERVER_PORT);

/** The console's users of the e2e server (start-e2e-server.ts creates them; test values only). */
export const CONSOLE_USERS = {
  owner: { email: 'owner@e2e.example.com', password: 'e2e owner password 1' },
  staff: { email: 'staff@e2e.example.com', password: 'e2e staff password 1' },
  viewer: { email: 'viewer@e2e.example.com', password: 'e2e viewer password 1' },
} as const;

/** The tables a payment writes to: what the e2e server's harness lets a spec read back after a run. */
export const READABLE_TABLES = [
  'saved_cards',
  'payment_attempts',
  'payment_events',
  'outbox_events',
  'checkout_sessions',
] as const;
export type ReadableTable = (typeof READABLE_TABLES)[number];
