import type { PageConfig } from '../../contract/page-data.ts';
import { readServedJson } from './served-json.ts';

/** The id of the server's config JSON in every page it serves (contract/page-data.ts, `CONFIG_ELEMENT_ID`). */
export const SERVED_CONFIG_ID = 'checkout-config';

export interface ServedConfig {
  /**
   * The checkout server served this page (`npm start`, `npm run serve`): it decided per response who may
   * frame it (`frame-ancestors` from EMBED_ALLOWED_ORIGINS and the session's `embed_origins`). False for
   * the static designer preview, which has no server.
   */
  fromServer: boolean;
  /**
   * Orders come only from checkout sessions: a URL order (`/?amount=…`) or an embedding page's `init`
   * order is refused. Anyone can edit a URL, so its amount is the shopper's say-so.
   */
  sessionsOnly: boolean;
  /** The shop's name for the header, when the server knows it (SHOP_NAME). */
  shopName?: string | undefined;
}

/** Read by hand (no zod in the first load); anything unexpected from a server still means "sessions only". */
export function parseServedConfig(value: unknown): ServedConfig {
  if (typeof value !== 'object' || value === null) return { fromServer: false, sessionsOnly: false };
  const { mode, orders, shop_name } = value as Partial<Record<keyof PageConfig, unknown>>;
  const knownDevelopment = mode === 'development' && orders !== 'session';
  const shopName = typeof shop_name === 'string' ? shop_name.slice(0, 60) : undefined;
  return { fromServer: true, sessionsOnly: !knownDevelopment, shopName };
}

let cached: ServedConfig | undefined;

export function servedConfig(): ServedConfig {
  cached ??= parseServedConfig(readServedJson(SERVED_CONFIG_ID));
  return cached;
}

/** The mock build (the designers' preview, no server) always takes URL orders and the demo order. */
export function urlOrdersAllowed(config: ServedConfig = servedConfig()): boolean {
  return import.meta.env.MODE === 'mock' || !config.sessionsOnly;
}
