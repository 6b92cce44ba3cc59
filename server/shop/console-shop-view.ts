import type { ConsoleBrand, ConsoleShopIdentity } from '../../contract/console/console-shop.ts';
import type { Database } from '../db/database.ts';
import { readableOnWhite } from './brand-color.ts';
import { currentShop, mergeShop } from './current-shop.ts';
import { findShopIdentity } from './shop-identity-repository.ts';
import { logoBox, shopLogoSrc, type ShopDefaults } from './shop-identity.ts';

interface Source {
  db: Database;
  shopDefaults?: ShopDefaults | undefined;
}

/** The owners' form: what the console set, what the SHOP_* settings give, and what the pages show. */
export async function consoleShopIdentity(source: Source): Promise<ConsoleShopIdentity> {
  const defaults = source.shopDefaults ?? {};
  const row = await findShopIdentity(source.db);
  const shown = mergeShop(defaults, row);
  return {
    name: row?.name ?? null,
    brand_color: row?.brandColor ?? null,
    support: row?.support ?? null,
    default_locale: shown.locale,
    brand_color_shown: shown.brandColor ? readableOnWhite(shown.brandColor) : null,
    logo: shown.logo
      ? { src: shopLogoSrc(shown.logo.version), ...logoBox(shown.logo.width, shown.logo.height) }
      : null,
    logo_set: Boolean(row?.logoVersion),
    defaults: {
      name: defaults.name ?? null,
      brand_color: defaults.brandColor ?? null,
      support: defaults.support ?? null,
    },
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The console's header and login page: the shop's name and logo, nothing else (asked before log-in). */
export async function consoleBrand(source: Source): Promise<ConsoleBrand> {
  const shop = await currentShop(source);
  return {
    name: shop.name ?? null,
    logo: shop.logo
      ? { src: shopLogoSrc(shop.logo.version), ...logoBox(shop.logo.width, shop.logo.height) }
      : null,
  };
}
