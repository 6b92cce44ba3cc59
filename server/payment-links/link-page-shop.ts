import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { readableOnWhite } from '../shop/brand-color.ts';
import { currentShop } from '../shop/current-shop.ts';
import { logoBox, shopLogoSrc, type ShopDefaults } from '../shop/shop-identity.ts';
import type { LinkPageShop } from './link-page.ts';

/** What the link pages call a shop with no name set (neither in the console nor SHOP_NAME). */
const UNNAMED_SHOP = 'Loja';

/** The shop now (the console's identity over SHOP_*), for one request of a link page. */
export async function linkPageShop(
  source: { db: Database; shopDefaults?: ShopDefaults | undefined },
  /** The browser's language (its Accept-Language), when it names one the pages speak. */
  preferred: LinkPageShop['locale'] | undefined,
): Promise<LinkPageShop> {
  const shop = await currentShop(source);
  const name = shop.name ?? UNNAMED_SHOP;
  const colour = shop.brandColor ? readableOnWhite(shop.brandColor) : undefined;
  return {
    name,
    colour,
    support: shop.support,
    logo: shop.logo && { src: shopLogoSrc(shop.logo.version), ...logoBox(shop.logo.width, shop.logo.height) },
    // The generated icon is the name's initial on the colour: either changing is a new icon.
    iconVersion:
      shop.logo?.version ??
      createHash('sha256')
        .update(`${name}\n${colour ?? ''}`)
        .digest('base64url')
        .slice(0, 12),
    locale: preferred ?? shop.locale,
  };
}
