import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSessionRequestSchema } from '../../contract/checkout-session.ts';
import { readServerEnv } from '../env.ts';
import { renderSpaPage } from '../http/spa-page.ts';
import { contrastWithWhite, readableOnWhite } from './brand-color.ts';
import { pageShop, shopIdentityFrom } from './shop-identity.ts';
import { imageSize, loadShopLogo, MAX_LOGO_BYTES } from './shop-logo.ts';

/** The smallest PNG header that names a size: signature, IHDR length and type, width, height. */
function pngOf(width: number, height: number, padTo = 64): Uint8Array {
  const bytes = new Uint8Array(padTo);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('the brand colour', () => {
  it('is kept when white text on it passes AA, and darkened (same hue) when it does not', () => {
    expect(readableOnWhite('#0F5132')).toBe('#0f5132');
    const yellow = readableOnWhite('#ffd400');
    expect(yellow).not.toBe('#ffd400');
    expect(contrastWithWhite(yellow)).toBeGreaterThanOrEqual(4.5);
    // Only just: the lightest shade that passes, not black.
    expect(contrastWithWhite(yellow)).toBeLessThan(4.8);
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(yellow.slice(at, at + 2), 16));
    expect(b).toBe(0);
    expect((r ?? 0) / (g ?? 1)).toBeCloseTo(255 / 212, 1);
    expect(contrastWithWhite(readableOnWhite('#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the logo', () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-logo-'));

  it('reads its size from the file and is served under a content hash', () => {
    const path = join(folder, 'logo.png');
    writeFileSync(path, pngOf(400, 100));
    const logo = loadShopLogo(path);
    expect(logo).toMatchObject({ type: 'image/png', width: 400, height: 100 });
    expect(pageShop({ name: 'Loja Aurora', logo })?.logo).toEqual({
      src: `/shop/logo?v=${logo.version}`,
      width: 128,
      height: 32,
    });
  });

  it('refuses at start a file too big, missing or not an image, naming the setting', () => {
    const big = join(folder, 'big.png');
    writeFileSync(big, pngOf(10, 10, MAX_LOGO_BYTES + 1));
    expect(() => loadShopLogo(big)).toThrow(/SHOP_LOGO_PATH: .* at most 65536/);
    expect(() => loadShopLogo(join(folder, 'none.png'))).toThrow(/SHOP_LOGO_PATH: no readable file/);
    const svg = join(folder, 'logo.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(() => loadShopLogo(svg)).toThrow(/not a PNG, JPEG or WebP/);
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 50, 0, 200, 3]))).toEqual({
      type: 'image/jpeg',
      width: 200,
      height: 50,
    });
  });
});

describe('settings and the session override', () => {
  it('validates the settings at start', () => {
    expect(() => readServerEnv({}, { SHOP_BRAND_COLOR: 'red' })).toThrow(/SHOP_BRAND_COLOR/);
    expect(() => readServerEnv({}, { SHOP_SUPPORT: 'javascript:alert(1)' })).toThrow(/SHOP_SUPPORT/);
    const env = readServerEnv({}, { SHOP_NAME: 'Loja Aurora', SHOP_SUPPORT: 'ajuda@aurora.example' });
    expect(shopIdentityFrom(env)).toEqual({ name: 'Loja Aurora', support: 'ajuda@aurora.example' });
  });

  it('validates a session’s `shop`: no control characters, a #rrggbb colour, e-mail or https support', () => {
    const base = {
      reference: 'r1',
      items: [{ title: 'Shoes', unit_price: 1000, quantity: 1, tangible: true }],
    };
    expect(createSessionRequestSchema.safeParse({ ...base, shop: { name: 'Aurora\u0007' } }).success).toBe(
      false,
    );
    expect(createSessionRequestSchema.safeParse({ ...base, shop: { brand_color: 'blue' } }).success).toBe(
      false,
    );
    expect(
      createSessionRequestSchema.safeParse({ ...base, shop: { support: 'http://x.example' } }).success,
    ).toBe(false);
    expect(createSessionRequestSchema.safeParse({ ...base, shop: { logo: '/x.png' } }).success).toBe(false);
    expect(
      createSessionRequestSchema.safeParse({
        ...base,
        shop: { name: 'Aurora Calçados', brand_color: '#ffd400', support: 'https://aurora.example/ajuda' },
      }).success,
    ).toBe(true);
  });

  it('puts the session’s choices over the server’s into the page, colour darkened, title named', async () => {
    const template = '<html><head><title>Checkout</title></head><body><div id="root"></div></body></html>';
    const session = {
      id: 'cs_AAAAAAAAAAAAAAAAAAAAAA',
      status: 'open',
      expires_at: '2030-01-01T00:00:00.000Z',
      order: null,
      customer: null,
      success_url: null,
      cancel_url: null,
      payment: null,
      shop: { name: 'Aurora <Calçados>', brand_color: '#ffd400' },
    } as const;
    const page = await renderSpaPage(new URL(`http://x.example/pay/${session.id}`), template, {
      mode: 'production',
      loadSession: () => Promise.resolve(session),
      shop: { name: 'Loja Exemplo', support: 'ajuda@exemplo.example' },
    });
    expect(page.html).toContain('<title>Aurora &lt;Calçados&gt; · Checkout</title>');
    const config = /id="checkout-config"[^>]*>([^<]*)</.exec(page.html)?.[1] ?? '';
    const shop = (JSON.parse(config.replace(/\\u003c/g, '<')) as { shop: Record<string, string> }).shop;
    expect(shop.name).toBe('Aurora <Calçados>');
    expect(shop.support).toBe('ajuda@exemplo.example');
    expect(shop.brand_color).toBe(readableOnWhite('#ffd400'));
  });
});
