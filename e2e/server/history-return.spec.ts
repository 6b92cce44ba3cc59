import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { shownPaymentForm, typeWhatIsAsked } from '../pages/typing-shopper.ts';
import { startOf, word, type Language } from '../words.ts';
import { createSession, shoesOrder, SHOP_CANCEL_URL } from './merchant-api.ts';

/**
 * Issue 26, item 1: Back (whether the browser keeps the page in its back/forward cache or takes the HTML
 * from its HTTP cache) shows where the payment stands, never the blank form that invites a second one.
 */
const SETUPS = [
  { name: '360 px phone in pt-BR', viewport: { width: 360, height: 740 }, language: 'pt-BR' },
  { name: '1280 px desktop in en', viewport: { width: 1280, height: 900 }, language: 'en' },
] as const satisfies readonly { name: string; viewport: object; language: Language }[];

/** How the page came back: from the back/forward cache, or loaded again from the HTTP cache. */
async function howShown(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? '',
  );
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { name, viewport, language } of SETUPS)
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, locale: language });
    // A trip to the bank, a page elsewhere, Back and an axe pass: more than one default budget on a busy machine.
    test.slow();

    test('Back from the bank shows the way back to it, not a blank form', async ({ page, request }) => {
      const session = await createSession(request, shoesOrder({ three_ds: 'required', locale: language }));
      await page.goto(`/pay/${session.id}?lang=${language}`);
      const form = shownPaymentForm(page);
      await typeWhatIsAsked(form);
      await form.locator('button[type="submit"]').click();
      // The mock bank speaks the shopper's language: its page is known by its address here.
      await expect(page).toHaveURL(/\/__mock-gateway\/mock-bank\/challenge\?token=/);
      // The bank names the shop (SHOP_NAME), not a placeholder.
      await expect(page.getByText('Loja Exemplo', { exact: true })).toBeVisible();

      await page.goBack();
      console.log(`Back from the bank (${language}): ${await howShown(page)}`);
      await expect(
        page.getByRole('heading', { name: word('threeDS.pending.title', language) }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: word('threeDS.redirect.link', language) })).toBeVisible();
      await expect(shownPaymentForm(page)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `back-from-bank-${language}.png`);
    });

    test('Back onto an open PIX code shows the same code', async ({ page, request }) => {
      const session = await createSession(request, shoesOrder({ locale: language }));
      await page.goto(`/pay/${session.id}?lang=${language}`);
      await page.getByRole('radio', { name: 'PIX' }).check();
      const form = shownPaymentForm(page);
      await typeWhatIsAsked(form);
      await form.locator('button[type="submit"]').click();
      const code = page.getByLabel(word('pix.code.label', language));
      await expect(code).not.toHaveValue('');
      const shown = await code.inputValue();

      // The shopper leaves for the shop's page, then comes back with Back.
      await page.goto(SHOP_CANCEL_URL);
      await page.goBack();
      console.log(`Back onto PIX (${language}): ${await howShown(page)}`);
      await expect(page.getByRole('heading', { name: startOf('pix.pay.title', language) })).toBeVisible();
      await expect(code).toHaveValue(shown);
      await expect(shownPaymentForm(page)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });

    test('a page shown again from the HTTP cache asks the server, not the stale HTML', async ({
      page,
      request,
    }) => {
      const session = await createSession(request, shoesOrder({ locale: language }));
      await page.goto(`/pay/${session.id}?lang=${language}`);
      await page.getByRole('radio', { name: 'PIX' }).check();
      const form = shownPaymentForm(page);
      await typeWhatIsAsked(form);
      await form.locator('button[type="submit"]').click();
      const code = page.getByLabel(word('pix.code.label', language));
      await expect(code).not.toHaveValue('');
      await page.evaluate(() => {
        // A BroadcastChannel left open makes Chromium keep the page out of the back/forward cache.
        (window as unknown as { keep: BroadcastChannel }).keep = new BroadcastChannel('history-return-test');
        window.addEventListener('unload', () => undefined);
      });
      await page.goto(SHOP_CANCEL_URL);
      await page.goBack();
      expect(await howShown(page)).toBe('back_forward');
      await expect(code).not.toHaveValue('');
      await expect(shownPaymentForm(page)).toHaveCount(0);
    });
  });
