import type { LOCALES } from '../../contract/order-values.ts';
import type { Database } from '../db/database.ts';
import { findShopIdentity, findShopLogo, type ShopIdentitySettings } from './shop-identity-repository.ts';
import type { ShopDefaults, ShopIdentity } from './shop-identity.ts';

/** The shop now: what owners set in the console over the SHOP_* settings, and the pages' default language. */
export interface CurrentShop extends ShopIdentity {
  /** The link pages' language when the browser names neither Portuguese nor English (and for link previews). */
  locale: (typeof LOCALES)[number];
}

interface ShopSource {
  db: Database;
  /** The SHOP_* settings (server/shop/shop-identity.ts `shopIdentityFrom`); none in most tests. */
  shopDefaults?: ShopDefaults | undefined;
}

/** Merges a stored row (nulls: the setting applies) over the defaults. */
export function mergeShop(defaults: ShopDefaults, row: ShopIdentitySettings | undefined): CurrentShop {
  const stored =
    row?.logoVersion && row.logoType && row.logoWidth && row.logoHeight
      ? { type: row.logoType, width: row.logoWidth, height: row.logoHeight, version: row.logoVersion }
      : undefined;
  const logo = stored ?? (defaults.logo && { ...defaults.logo, bytes: undefined });
  return {
    name: row?.name ?? defaults.name,
    brandColor: row?.brandColor ?? defaults.brandColor,
    support: row?.support ?? defaults.support,
    logo: logo && { type: logo.type, width: logo.width, height: logo.height, version: logo.version },
    locale: row?.defaultLocale ?? 'pt-BR',
  };
}

/**
 * Read at every page (one row by its key): a change in the console shows on the next page load of every
 * instance, with no restart and no cache to clear.
 */
export async function currentShop(source: ShopSource): Promise<CurrentShop> {
  return mergeShop(source.shopDefaults ?? {}, await findShopIdentity(source.db));
}

/** The logo's bytes and type: the console's, else SHOP_LOGO_PATH's; undefined when the shop has none. */
export async function currentShopLogo(
  source: ShopSource,
): Promise<{ bytes: Uint8Array; type: string; version: string } | undefined> {
  const row = await findShopLogo(source.db);
  if (row?.logoBase64 && row.logoType && row.logoVersion)
    return { bytes: Buffer.from(row.logoBase64, 'base64'), type: row.logoType, version: row.logoVersion };
  const fallback = source.shopDefaults?.logo;
  return fallback && { bytes: fallback.bytes, type: fallback.type, version: fallback.version };
}
