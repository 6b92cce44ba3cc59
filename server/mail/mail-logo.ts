import type { ShopLogo } from '../shop/shop-logo.ts';

/** The logo's box in a mail's header: 40 px tall at most, 160 px wide at most. */
export function imageSizeOfLogo(logo: Pick<ShopLogo, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, 40 / logo.height, 160 / logo.width);
  return {
    width: Math.max(1, Math.round(logo.width * scale)),
    height: Math.max(1, Math.round(logo.height * scale)),
  };
}

/** The extension of the logo's attachment. */
export function logoFilename(logo: { type: string }): string {
  return logo.type === 'image/png' ? 'logo.png' : logo.type === 'image/jpeg' ? 'logo.jpg' : 'logo.webp';
}
