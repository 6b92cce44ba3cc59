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
  /** The shop's name for the header and the title, when the server knows it (SHOP_NAME or the session's). */
  shopName?: string | undefined;
  /** The server sent a brand colour or a support contact: the lazy shop-extras.tsx reads and checks them. */
  hasExtras?: boolean;
  /** Served by the checkout itself, with the box it takes in the header. */
  logo?: { src: string; width: number; height: number } | undefined;
}

const text = (value: unknown, pattern: RegExp, max: number) =>
  typeof value === 'string' && value.length <= max && pattern.test(value) ? value : undefined;
const size = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 512 ? value : undefined;

/** contract/shop-identity.ts `pageShopSchema`, checked by hand: anything odd is left out, never shown. */
function parseShop(value: unknown): Pick<ServedConfig, 'shopName' | 'hasExtras' | 'logo'> {
  if (typeof value !== 'object' || value === null) return {};
  const { name, brand_color, support, logo } = value as Record<string, unknown>;
  const { src, width, height } = (typeof logo === 'object' && logo !== null ? logo : {}) as Record<
    string,
    unknown
  >;
  const logoSrc = text(src, /^\/shop\/logo\?v=[A-Za-z0-9_-]+$/, 80);
  const logoWidth = size(width);
  const logoHeight = size(height);
  return {
    shopName: text(name, /^[^\p{Cc}]+$/u, 60),
    hasExtras: brand_color !== undefined || support !== undefined,
    logo:
      logoSrc && logoWidth && logoHeight ? { src: logoSrc, width: logoWidth, height: logoHeight } : undefined,
  };
}

/** Read by hand (no zod in the first load); anything unexpected from a server still means "sessions only". */
export function parseServedConfig(value: unknown): ServedConfig {
  if (typeof value !== 'object' || value === null) return { fromServer: false, sessionsOnly: false };
  const { mode, orders, shop } = value as Partial<Record<keyof PageConfig, unknown>>;
  const knownDevelopment = mode === 'development' && orders !== 'session';
  return { fromServer: true, sessionsOnly: !knownDevelopment, ...parseShop(shop) };
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
