import { currentShop, currentShopLogo } from './current-shop.ts';
import type { ShopDefaults } from './shop-identity.ts';
import type { Database } from '../db/database.ts';
import { initialIconPng } from './shop-images.ts';

/** The shop's icon (`/favicon.ico`): its logo, else its initial on its colour. */
export async function shopIcon(source: {
  db: Database;
  shopDefaults?: ShopDefaults | undefined;
}): Promise<{ bytes: Uint8Array; type: string }> {
  const logo = await currentShopLogo(source);
  if (logo) return logo;
  const shop = await currentShop(source);
  return { bytes: initialIconPng(shop.name, shop.brandColor), type: 'image/png' };
}
