import { expect, test, type Browser, type Page } from '@playwright/test';
import { PaletteImage } from '../../server/shop/png-image.ts';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, shoesOrder } from './merchant-api.ts';

/**
 * Issue 41, item 1 and 3: an owner changes the shop's identity in the console; the link page, its QR sheet,
 * the checkout and the console's header show it at once (no restart), at 360 px in Portuguese and 1280 px in
 * English. The identity is the server's, shared by every spec: each test puts the settings back.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 800, locale: 'pt-BR' },
  { name: 'desktop', width: 1280, height: 900, locale: 'en' },
] as const;

const auth = { Authorization: `Bearer ${SECRET_KEY}` };

function logoPng(): Buffer {
  const image = new PaletteImage(160, 40, ['#ffffff', '#7a2e8e']);
  image.fill(0, 0, 40, 40, 1);
  image.fill(60, 10, 100, 20, 1);
  return image.png();
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function ownerIn(browser: Browser, viewport: (typeof VIEWPORTS)[number]): Promise<ConsoleModel> {
  const context = await browser.newContext({
    baseURL: SERVER_ORIGIN,
    viewport: { width: viewport.width, height: viewport.height },
    locale: viewport.locale,
  });
  const console = new ConsoleModel(await context.newPage());
  await console.open();
  await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
  await console.chooseLanguage(viewport.locale);
  return console;
}

for (const viewport of VIEWPORTS) {
  test(`an owner's shop identity shows on the link page, QR sheet, checkout and console at once (${viewport.name}, ${viewport.locale})`, async ({
    browser,
    request,
  }) => {
    const pt = viewport.locale === 'pt-BR';
    const shopName = pt ? 'Doces da Aurora' : 'Aurora Sweets';
    const console = await ownerIn(browser, viewport);
    const page = console.page;
    await console.goTo(pt ? /^Configurações$/ : /^Settings$/);
    const section = page.getByRole('region', { name: pt ? 'Loja' : 'Shop' });
    await section.getByLabel(pt ? 'Nome da loja' : 'Shop name').fill(shopName);
    await section.getByLabel(pt ? 'Cor da marca' : 'Brand colour').fill('#c026d3');
    await section.getByLabel(pt ? 'Contato de suporte' : 'Support contact').fill('ajuda@aurora.example');
    await section.getByLabel(pt ? 'Idioma padrão' : 'Default language').selectOption(viewport.locale);
    await section.getByRole('button', { name: pt ? 'Salvar loja' : 'Save shop' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: pt ? 'Loja salva' : 'Shop saved' }),
    ).toBeVisible();
    await section.getByLabel(pt ? 'Enviar logo' : 'Upload logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logoPng(),
    });
    await expect(
      page.getByRole('status').filter({ hasText: pt ? 'Logo salvo' : 'Logo saved' }),
    ).toBeVisible();
    // The header follows: the shop's logo and name beside the console's.
    await expect(page.getByRole('banner').getByText(shopName)).toBeVisible();
    await expect(page.getByRole('banner').locator('img.brand-logo')).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `console-shop-${viewport.locale}.png`);

    try {
      // A link: its page names the shop, shows its logo and support, in the browser's language.
      const created = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, {
        headers: auth,
        data: {
          title: 'Bolo de cenoura',
          items: [{ title: 'Bolo de cenoura', unit_price: 4500, quantity: 1, tangible: true }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const link = (await created.json()) as { url: string; code: string };
      await page.goto(`/l/${link.code}`);
      await expect(page.locator('html')).toHaveAttribute('lang', viewport.locale);
      await expect(page.locator('.link__merchant')).toContainText(shopName);
      await expect(page.locator('img.link__logo')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ajuda@aurora.example' })).toHaveAttribute(
        'href',
        'mailto:ajuda@aurora.example',
      );
      const button = page.getByRole('button', {
        name: pt ? 'Continuar para o pagamento' : 'Continue to payment',
      });
      // The shop's colour, as is: white on it passes AA.
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(192, 38, 211)',
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Bolo de cenoura');
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', shopName);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        `${link.url}/preview.png`,
      );
      const preview = await request.get(`${link.url}/preview.png`);
      expect(preview.headers()['content-type']).toBe('image/png');
      const icon = await request.get(`${SERVER_ORIGIN}/favicon.ico`);
      expect(icon.status()).toBe(200);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `shop-link-${viewport.locale}.png`);

      await page.goto(`/l/${link.code}/qr`);
      await expect(page.locator('.link__merchant')).toContainText(shopName);
      await expect(page.locator('img.link__logo')).toBeVisible();
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `shop-qr-${viewport.locale}.png`);

      // The checkout: the shop's name in its header and title.
      const session = await createSession(request, shoesOrder({ locale: viewport.locale }));
      await page.goto(`/pay/${session.id}`);
      await expect(page.getByRole('banner').getByText(shopName, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${shopName} · Checkout`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `shop-checkout-${viewport.locale}.png`);
    } finally {
      // Back to the SHOP_* settings for the other specs.
      await console.open('/console/settings');
      const again = page.getByRole('region', { name: pt ? 'Loja' : 'Shop' });
      await again.getByRole('button', { name: pt ? 'Remover logo' : 'Remove logo' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: pt ? 'Logo removido' : 'Logo removed' }),
      ).toBeVisible();
      for (const label of pt
        ? ['Nome da loja', 'Cor da marca', 'Contato de suporte']
        : ['Shop name', 'Brand colour', 'Support contact'])
        await again.getByLabel(label).fill('');
      await again.getByLabel(pt ? 'Idioma padrão' : 'Default language').selectOption('pt-BR');
      await again.getByRole('button', { name: pt ? 'Salvar loja' : 'Save shop' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: pt ? 'Loja salva' : 'Shop saved' }),
      ).toBeVisible();
      await page.context().close();
    }
  });
}
