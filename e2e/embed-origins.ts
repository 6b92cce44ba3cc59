/**
 * The embed tests need pages on other origins than the checkout: the merchant's (allowed to embed)
 * and a stranger's (not allowed). Each is the checkout's e2e port plus one or two, so parallel runs
 * on different ports never share them.
 */
export const CHECKOUT_PORT = Number(process.env.E2E_PORT ?? 4310);
export const CHECKOUT_ORIGIN = `http://localhost:${CHECKOUT_PORT}`;
export const MERCHANT_ORIGIN = `http://localhost:${CHECKOUT_PORT + 1}`;
export const STRANGER_ORIGIN = `http://localhost:${CHECKOUT_PORT + 2}`;
