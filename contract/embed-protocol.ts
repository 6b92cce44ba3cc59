/**
 * Names shared by the loader (no zod, no React), the in-iframe bridge and the server's payment-link
 * pages (an embedded link speaks the same protocol until its session opens). Plain constants keep the
 * loader tiny while every side agrees on the shape.
 */
export const EMBED_SOURCE = 'merchant-checkout';
export const EMBED_PROTOCOL_VERSION = 1;
export const EMBED_PATH = '/embed';

/** URL parameters the loader puts on the iframe; nothing in them is secret or card data. */
export const EMBED_PARAMS = {
  instance: 'instance',
  hostOrigin: 'host',
  theme: 'theme',
  lang: 'lang',
  /** The merchant's page the bank returns to after 3DS (must be on the host's origin). */
  returnUrl: 'return_url',
  /** Set by the loader when the bank has just brought the shopper back: the 3DS reference. */
  returnRef: 'return_ref',
  /** The checkout session to show (`MerchantCheckout.mount(…, { session })`): the order is the session's. */
  session: 'session',
} as const;

/** `MerchantCheckout.mount(…, { link })` frames the link's page, `/l/{code}`, with the same parameters. */
export const EMBED_LINK_PATH_PREFIX = '/l/';
