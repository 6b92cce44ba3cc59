import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleBrandSchema, consoleShopIdentitySchema } from '../../contract/console/console-shop.ts';
import { consoleMeSchema } from '../../contract/console/console-auth.ts';
import { queryRows } from '../db/query-rows.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { createTestLink, linkPage } from '../test/payment-link-helpers.ts';
import { call, PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { contrastWithWhite } from './brand-color.ts';
import { PaletteImage } from './png-image.ts';
import { imageSize } from './shop-logo.ts';

/** A real PNG of `width`×`height`, two colours. */
function png(width: number, height: number): Uint8Array {
  const image = new PaletteImage(width, height, ['#ffd400', '#000000']);
  image.fill(0, 0, width / 2, height, 1);
  return new Uint8Array(image.png());
}

const IDENTITY = {
  name: 'Doces da Aurora',
  brand_color: '#FFD400',
  support: 'ajuda@aurora.example',
  default_locale: 'en',
} as const;

describe.each(BOTH_DRIVERS)('the shop identity in the console (%s)', { timeout: 30_000 }, (driver) => {
  let database: TestDatabase, t: TestApp;
  suiteApp(
    driver,
    { shopDefaults: { name: 'Loja Exemplo', support: 'https://exemplo.example/ajuda' } },
    (s) => ({ database, t } = s),
  );

  async function browsers(): Promise<Record<'owner' | 'staff', ConsoleBrowser>> {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    return { owner: await logInAs(t.app, 'ana@loja.test'), staff: await logInAs(t.app, 'bia@loja.test') };
  }
  const upload = (who: ConsoleBrowser, bytes: Uint8Array, type = 'image/png') =>
    t.app.request(
      '/api/console/shop/logo',
      {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': type,
          cookie: `console_session=${who.cookie}`,
          origin: PUBLIC_URL,
          'x-csrf-token': who.csrf,
        },
      },
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    );
  const audit = () =>
    queryRows(
      database.db,
      sql`select user_email, action, target_type, detail from console_audit_log where action like 'shop.%' order by id`,
    );

  it('owners change it (audited, in one go); staff may read but not change; SHOP_* are the defaults', async () => {
    const { owner, staff } = await browsers();
    const before = consoleShopIdentitySchema.parse((await staff.call('GET', '/api/console/shop')).json);
    expect(before).toMatchObject({
      name: null,
      default_locale: 'pt-BR',
      logo: null,
      defaults: { name: 'Loja Exemplo', support: 'https://exemplo.example/ajuda' },
    });

    const refused = await staff.call('PUT', '/api/console/shop', { body: IDENTITY });
    expect(refused.status).toBe(403);
    const changed = await owner.call('PUT', '/api/console/shop', { body: IDENTITY });
    expect(changed.status).toBe(200);
    const after = consoleShopIdentitySchema.parse(changed.json);
    expect(after).toMatchObject({ name: 'Doces da Aurora', brand_color: '#ffd400', default_locale: 'en' });
    // Yellow behind white text fails AA: the pages use a darker shade of it, which the form shows.
    expect(after.brand_color_shown).not.toBe('#ffd400');
    expect(contrastWithWhite(after.brand_color_shown ?? '')).toBeGreaterThanOrEqual(4.5);

    expect(await audit()).toEqual([
      {
        user_email: 'ana@loja.test',
        action: 'shop.change',
        target_type: 'shop',
        detail: {
          name: { from: null, to: 'Doces da Aurora' },
          brand_color: { from: null, to: '#ffd400' },
          support: { from: null, to: 'ajuda@aurora.example' },
          default_locale: { from: 'pt-BR', to: 'en' },
        },
      },
    ]);

    // Null gives the setting back.
    const reset = await owner.call('PUT', '/api/console/shop', { body: { ...IDENTITY, name: null } });
    const brand = consoleBrandSchema.parse((await call(t.app, 'GET', '/api/console/brand')).json);
    expect(consoleShopIdentitySchema.parse(reset.json).name).toBeNull();
    expect(brand).toEqual({ name: 'Loja Exemplo', logo: null });
    // Logged in, the header's brand comes with who is logged in: the same answer.
    expect(consoleMeSchema.parse((await owner.call('GET', '/api/console/me')).json).shop).toEqual(brand);
  });

  it('refuses a bad identity with a clear 400 naming the field, and writes nothing', async () => {
    const { owner } = await browsers();
    for (const [field, value] of [
      ['brand_color', 'yellow'],
      ['support', 'javascript:alert(1)'],
      ['name', 'Aurora\u0007'],
      ['default_locale', 'fr'],
    ] as const) {
      const result = await owner.call('PUT', '/api/console/shop', { body: { ...IDENTITY, [field]: value } });
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.json)).toContain(field);
    }
    expect(await audit()).toEqual([]);
  });

  it('a logo: checked by its bytes and size, stored, served under its hash for good; the old URL briefly', async () => {
    const { owner, staff } = await browsers();
    expect((await upload(staff, png(200, 50))).status).toBe(403);

    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refusedSvg = await upload(owner, svg, 'image/png');
    expect(refusedSvg.status).toBe(400);
    expect(await refusedSvg.text()).toContain('PNG, JPEG or WebP');
    const huge = new Uint8Array(70 * 1024);
    huge.set(png(10, 10));
    const refusedSize = await upload(owner, huge);
    expect(refusedSize.status).toBeGreaterThanOrEqual(400);
    expect(refusedSize.status).toBeLessThan(500);
    expect((await upload(owner, new Uint8Array(0))).status).toBe(400);
    expect((await upload(owner, png(3000, 10))).status).toBe(400);

    const bytes = png(200, 50);
    const stored = await upload(owner, bytes);
    expect(stored.status).toBe(200);
    const identity = consoleShopIdentitySchema.parse(await stored.json());
    expect(identity.logo_set).toBe(true);
    expect(identity.logo).toMatchObject({ width: 128, height: 32 });
    const src = identity.logo?.src ?? '';
    expect(src).toMatch(/^\/shop\/logo\?v=[A-Za-z0-9_-]{16}$/);

    const served = await t.app.request(src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const stale = await t.app.request('/shop/logo?v=AAAAAAAAAAAAAAAA');
    expect(stale.headers.get('cache-control')).toBe('public, max-age=60');
    // The icon is the logo.
    const icon = await t.app.request('/favicon.ico');
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(bytes);

    expect((await audit()).map((row) => row.action)).toEqual(['shop.logo']);
    expect((await owner.call('DELETE', '/api/console/shop/logo')).status).toBe(200);
    expect((await t.app.request(src)).status).toBe(404);
    expect((await audit()).map((row) => row.action)).toEqual(['shop.logo', 'shop.logo_remove']);
  });

  it('without a logo the icon is a PNG of the shop’s initial on its colour', async () => {
    const icon = await t.app.request('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(imageSize(new Uint8Array(await icon.arrayBuffer()))).toEqual({
      type: 'image/png',
      width: 64,
      height: 64,
    });
  });

  it('the link page shows the change at once: name, logo, colour, support, language, Open Graph tags', async () => {
    const { owner } = await browsers();
    const link = await createTestLink(t.app, {});
    const plain = await linkPage(t.app, `/l/${link.code}`);
    expect(plain.html).toContain('<html lang="pt-BR">');
    expect(plain.html).toContain('<span>Loja Exemplo</span>');

    await owner.call('PUT', '/api/console/shop', { body: IDENTITY });
    const logo = consoleShopIdentitySchema.parse(await (await upload(owner, png(200, 50))).json()).logo;
    // No Accept-Language (a link-preview crawler): the shop's default language, English.
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('Continue to payment');
    expect(page.html).toContain(
      `<img class="link__logo" src="${logo?.src ?? ''}" width="128" height="32" alt="">`,
    );
    expect(page.html).toContain('<span>Doces da Aurora</span>');
    expect(page.html).toContain('<a href="mailto:ajuda@aurora.example">ajuda@aurora.example</a>');
    const theme = /href="(\/l\/theme\.css\?c=[0-9a-f]{6})"/.exec(page.html)?.[1] ?? '';
    const css = await (await t.app.request(theme)).text();
    expect(css).toMatch(/^:root\{--primary:#[0-9a-f]{6}\}/);
    expect(contrastWithWhite(/#[0-9a-f]{6}/.exec(css)?.[0] ?? '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(page.html).toMatch(/<link rel="icon" href="\/favicon\.ico\?v=[A-Za-z0-9_-]+">/);

    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(
        page.html,
      )?.[1];
    const url = `${PUBLIC_URL}/l/${link.code}`;
    expect(meta('og:title')).toBe('Tênis de corrida');
    expect(meta('og:site_name')).toBe('Doces da Aurora');
    expect(meta('og:url')).toBe(url);
    expect(meta('og:description')).toMatch(/^R\$\s165,90 · /);
    expect(meta('og:image')).toBe(`${url}/preview.png`);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:locale')).toBe('en_US');
    expect(meta('product:price:amount')).toBe('165.90');
    expect(meta('product:price:currency')).toBe('BRL');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(`${url}/preview.png`);

    const preview = await t.app.request(`/l/${link.code}/preview.png`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(imageSize(new Uint8Array(await preview.arrayBuffer()))).toEqual({
      type: 'image/png',
      width: 1200,
      height: 630,
    });
    expect((await t.app.request('/l/nao-existe1/preview.png')).status).toBe(404);

    // A Portuguese browser gets Portuguese, whatever the shop's default.
    const pt = await t.app.request(`/l/${link.code}`, { headers: { 'accept-language': 'en;q=0.4, pt-BR' } });
    const html = await pt.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Dúvidas? Fale com a loja:');
    // The printed sheet too: the shop's name and logo.
    const sheet = await (
      await t.app.request(`/l/${link.code}/qr`, { headers: { 'accept-language': 'en-GB' } })
    ).text();
    expect(sheet).toContain('<span>Doces da Aurora</span>');
    expect(sheet).toContain('Pay with your phone’s camera');
    expect(sheet).toContain('class="link__logo"');
  });
});
