import type { PageShop, SessionShop } from '../../contract/shop-identity.ts';
import type { ServerEnv } from '../env.ts';
import { readableOnWhite } from './brand-color.ts';
import { loadShopLogo, type ShopLogo } from './shop-logo.ts';

/** The header shows the logo at this height (CSS px); its width follows the image's proportions. */
const LOGO_HEIGHT = 32;
/** …but never wider than this, so the shop's name still fits beside it on a 360 px phone. */
const LOGO_MAX_WIDTH = 128;

/** The server's own shop settings (docs/operators/shop-identity-and-cep.md). */
export interface ShopIdentity {
  name?: string | undefined;
  brandColor?: string | undefined;
  support?: string | undefined;
  logo?: ShopLogo | undefined;
}

export function shopIdentityFrom(
  env: Pick<ServerEnv, 'SHOP_NAME' | 'SHOP_BRAND_COLOR' | 'SHOP_SUPPORT' | 'SHOP_LOGO_PATH'>,
): ShopIdentity {
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
            src: `/shop/logo?v=${logo.version}`,
            ...logoBox(logo.width, logo.height),
          },
        }
      : {}),
  };
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** The logo's box in the header: LOGO_HEIGHT tall, narrower if it would pass LOGO_MAX_WIDTH. */
function logoBox(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(LOGO_HEIGHT / height, LOGO_MAX_WIDTH / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
