import type { PaymentLinkRow } from '../db/rows.ts';
import { linkPreviewPng } from '../shop/shop-images.ts';
import type { LinkPageShop } from './link-page.ts';
import { linkPriceText } from './link-page.ts';
import type { LinkPageWords } from './link-page-words.ts';

/** Drawing and compressing a card takes ~20 ms: the last few are kept, keyed by everything drawn on them. */
const cache = new Map<string, Buffer>();
const CACHE_SIZE = 64;

/** A link's preview image (`/l/{code}/preview.png`, its Open Graph image): name, title, price on the shop's colour. */
export function linkPreview(link: PaymentLinkRow, shop: LinkPageShop, words: LinkPageWords): Buffer {
  const input = {
    shopName: shop.name,
    title: link.title,
    price: linkPriceText(link, words),
    colour: shop.colour,
  };
  const key = JSON.stringify(input);
  const cached = cache.get(key);
  if (cached) return cached;
  const png = linkPreviewPng(input);
  cache.set(key, png);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return png;
}
