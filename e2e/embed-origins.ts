import { portFromEnv } from '../scripts/e2e-layout.mjs';

/**
 * The embed tests need pages on other origins than the checkout: the merchant's (allowed to embed)
 * and a stranger's (not allowed). Each is the checkout's e2e port plus one or two, so parallel runs
 * on different ports never share them. scripts/run-e2e.mjs picks the port (a free one unless E2E_PORT is given).
 */
export const CHECKOUT_PORT = portFromEnv('E2E_PORT');
export const CHECKOUT_ORIGIN = `http://localhost:${CHECKOUT_PORT}`;
export const MERCHANT_ORIGIN = `http://localhost:${CHECKOUT_PORT + 1}`;
export const STRANGER_ORIGIN = `http://localhost:${CHECKOUT_PORT + 2}`;
