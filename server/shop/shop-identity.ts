import type { PageShop, SessionShop } from '../../contract/shop-identity.ts';
import type { ServerEnv } from '../env.ts';
import { readableOnWhite } from './brand-color.ts';
import { loadShopLogo, type ShopLogo, type ShopLogoInfo } from './shop-logo.ts';

/** The header shows the logo at this height (CSS px); its width follows the image's proportions. */
const LOGO_HEIGHT = 32;
/** …but never wider than this, so the shop's name still fits beside it on a 360 px phone. */
const LOGO_MAX_WIDTH = 128;

/**
 * The shop as its pages show it: the console's choices over the SHOP_* settings (server/shop/current-shop.ts),
 * or the settings alone (docs/operators/shop-identity-and-cep.md).
 */
export interface ShopIdentity {
  name?: string | undefined;
  brandColor?: string | undefined;
  support?: string | undefined;
  logo?: ShopLogoInfo | undefined;
}

/** The SHOP_* settings, read once at start: the defaults a console change overrides. */
export interface ShopDefaults extends ShopIdentity {
  logo?: ShopLogo | undefined;
}

export function shopIdentityFrom(
  env: Pick<ServerEnv, 'SHOP_NAME' | 'SHOP_BRAND_COLOR' | 'SHOP_SUPPORT' | 'SHOP_LOGO_PATH'>,
): ShopDefaults {
  return {
    name: env.SHOP_NAME,
    brandColor: env.SHOP_BRAND_COLOR,
    support: env.SHOP_SUPPORT,
    logo: env.SHOP_LOGO_PATH ? loadShopLogo(env.SHOP_LOGO_PATH) : undefined,
  };
}

/** What a page shows: the session's choices over the server's, the colour made readable. */
export function pageShop(server: ShopIdentity, session?: SessionShop): PageShop | undefined {
  const name = session?.name ?? server.name;
  const colour = session?.brand_color ?? server.brandColor;
  const support = session?.support ?? server.support;
  const logo = server.logo;
  const shown: PageShop = {
    ...(name ? { name } : {}),
    ...(colour ? { brand_color: readableOnWhite(colour) } : {}),
    ...(support ? { support } : {}),
    ...(logo
      ? {
          logo: {
            src: shopLogoSrc(logo.version),
            ...logoBox(logo.width, logo.height),
          },
        }
      : {}),
  };
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** The logo's address: its content hash in the URL, so a new logo is a new URL and each is cached for good. */
export function shopLogoSrc(version: string): string {
  return `/shop/logo?v=${version}`;
}

/** The logo's box in the header: LOGO_HEIGHT tall, narrower if it would pass LOGO_MAX_WIDTH. */
export function logoBox(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(LOGO_HEIGHT / height, LOGO_MAX_WIDTH / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
