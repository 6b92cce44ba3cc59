import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { EN, FeeSimulatorPage, PT_BR } from '../pages/fee-simulator-page.ts';
import { shownPaymentForm } from '../pages/typing-shopper.ts';
import type { Language } from '../words.ts';
import { createSession, shoesOrder } from './merchant-api.ts';

/** Issue 26, items 3 and 6: whom the shopper pays, and no page wider than a phone. */
const SETUPS = [
  { name: '360 px phone in pt-BR', viewport: { width: 360, height: 740 }, language: 'pt-BR' },
  { name: '1280 px desktop in en', viewport: { width: 1280, height: 900 }, language: 'en' },
] as const satisfies readonly { name: string; viewport: object; language: Language }[];

const SUPPORT = {
  'pt-BR': 'Dúvidas sobre este pagamento? Fale com',
  en: 'Questions about this payment? Contact',
};

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const { name, viewport, language } of SETUPS)
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, locale: language });

    test('the page names the shop of the session, in its colour made readable, with its support', async ({
      page,
      request,
    }) => {
      const session = await createSession(
        request,
        shoesOrder({
          locale: language,
          // A yellow that white text cannot be read on: the page must darken it, not show it as is.
          shop: { name: 'Aurora Calçados', brand_color: '#ffd400', support: 'ajuda@aurora.example' },
        }),
      );
      await page.goto(`/pay/${session.id}?lang=${language}`);
      const header = page.getByRole('banner');
      await expect(header.getByText('Aurora Calçados', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle('Aurora Calçados · Checkout');
      const support = page.getByRole('link', { name: `${SUPPORT[language]} Aurora Calçados` });
      await expect(support).toHaveAttribute('href', 'mailto:ajuda@aurora.example');
      const pay = shownPaymentForm(page).locator('button[type="submit"]');
      const background = await pay.evaluate((button) => getComputedStyle(button).backgroundColor);
      expect(background).not.toBe('rgb(255, 212, 0)');
      // The header keeps one line: the shop, the lock and the language.
      const headerHeight = await header.evaluate((element) => element.getBoundingClientRect().height);
      expect(headerHeight).toBeLessThan(80);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `shop-identity-${language}.png`, { fullPage: false });
    });

    test('the server’s own shop name where the session names none', async ({ page, request }) => {
      const session = await createSession(request, shoesOrder({ locale: language }));
      await page.goto(`/pay/${session.id}?lang=${language}`);
      await expect(page.getByRole('banner').getByText('Loja Exemplo', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle('Loja Exemplo · Checkout');
    });

    test('the fee simulator fits the screen, tables included', async ({ page }) => {
      const simulator = new FeeSimulatorPage(page, language === 'en' ? EN : PT_BR);
      await simulator.goto(`lang=${language}`);
      await simulator.fill({
        brand: 'mastercard',
        amount: language === 'en' ? '1,234.56' : '1.234,56',
        installments: '12',
        payer: 'customer',
      });
      await simulator.submit.click();
      await expect(simulator.bodyRows(simulator.installmentsTable)).toHaveCount(12);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('table')].map((table) => {
          const box = table.parentElement ?? table;
          return box.scrollWidth - box.clientWidth;
        }),
      );
      expect(cut.every((overflow) => overflow <= 0)).toBe(true);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `simulator-${language}.png`);
    });
  });
