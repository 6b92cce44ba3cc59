/**
 * Names shared by the loader (no zod, no React) and the in-iframe bridge. Type-only imports of the
 * schemas keep the loader tiny while both sides agree on the shape.
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
} as const;

export const INSTANCE_ID_PATTERN = /^[0-9a-f]{32}$/;
