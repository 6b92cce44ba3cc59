import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { SHOP_LOGO_MAX_BYTES } from '../../contract/console/console-shop.ts';

/** Small enough to cost a phone nothing noticeable; a header logo needs no more. */
export const MAX_LOGO_BYTES = SHOP_LOGO_MAX_BYTES;

/** What a page needs of the logo: no bytes. */
export type ShopLogoInfo = Omit<ShopLogo, 'bytes'>;

export interface ShopLogo {
  bytes: Uint8Array<ArrayBuffer>;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  /** Content hash, in the URL (`/shop/logo?v=…`): a new file is a new URL, so the old can be cached for good. */
  version: string;
}

/** Width and height from the file's own header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X), or null. */
export function imageSize(bytes: Uint8Array): Omit<ShopLogo, 'bytes' | 'version'> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  if (bytes.length > 24 && bytes[0] === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
    return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] ?? 0;
      const length = view.getUint16(at + 2);
      // SOF0…SOF15 but DHT (c4), JPG (c8) and DAC (cc) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: 'image/jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      at += 2 + length;
    }
    return null;
  }
  if (bytes.length > 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ')
      return {
        type: 'image/webp',
        width: view.getUint16(26, true) & 0x3fff,
        height: view.getUint16(28, true) & 0x3fff,
      };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      const width = 1 + (view.getUint16(24, true) | ((bytes[26] ?? 0) << 16));
      const height = 1 + (view.getUint16(27, true) | ((bytes[29] ?? 0) << 16));
      return { type: 'image/webp', width, height };
    }
  }
  return null;
}

/**
 * SHOP_LOGO_PATH, read once at start. Anything wrong stops the server with the reason: a shop that
 * configured a logo wants it shown, not silently dropped.
 */
export function loadShopLogo(path: string): ShopLogo {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new Error(`SHOP_LOGO_PATH: no readable file at ${path}`);
  }
  if (size > MAX_LOGO_BYTES)
    throw new Error(`SHOP_LOGO_PATH: ${path} is ${size} bytes; at most ${MAX_LOGO_BYTES} (64 kB)`);
  const bytes = new Uint8Array(readFileSync(path));
  const image = imageSize(bytes);
  if (!image || image.width === 0 || image.height === 0)
    throw new Error(`SHOP_LOGO_PATH: ${path} is not a PNG, JPEG or WebP image`);
  return { bytes, ...image, version: logoVersion(bytes) };
}

/** The first 16 characters of the file's SHA-256 (base64url): its URL's version. */
export function logoVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
}
