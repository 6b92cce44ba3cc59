import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { fillAddress } from '../models/address-fields.ts';
import { CheckoutModel } from '../models/checkout-model.ts';
import { CustomerFields } from '../models/customer-fields.ts';
import { LinkRefusal } from '../models/link-refusal.ts';
import { PixCheckoutPage } from '../pages/pix-checkout-page.ts';
import { SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { APPROVED_VISA, MARIA, SAO_PAULO, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import type { Language } from '../words.ts';

/**
 * Issue 39, items 6 and 14 (docs/decisions/286-link-state-at-payment-begin.md,
 * docs/decisions/287-link-closed-under-the-checkout.md): a shopper whose checkout was opened from a link that
 * the shop turned off, or that another shopper used up, meanwhile is told why when paying — nothing charged,
 * no form — and is offered the way back to the link's page; at 360 px in Portuguese and in English.
 */
const auth = { Authorization: `Bearer ${SECRET_KEY}` };

const LINK_WORDS = {
  en: {
    continue: 'Continue to payment',
    inactive: 'This payment link is not available',
    used: 'This payment link has already been used',
  },
  'pt-BR': {
    continue: 'Continuar para o pagamento',
    inactive: 'Este link de pagamento não está disponível',
    used: 'Este link de pagamento já foi usado',
  },
} as const;

async function createLink(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, { headers: auth, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

async function linkPayments(request: APIRequestContext, id: string): Promise<unknown[]> {
  const response = await request.get(`${SERVER_ORIGIN}/api/v1/payment-links/${id}/payments`, {
    headers: auth,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: unknown[] }).data;
}

const vase = (language: Language, overrides: Record<string, unknown> = {}) => ({
  title: 'Vaso de cerâmica',
  items: [{ title: 'Vaso de cerâmica', unit_price: 8990, quantity: 1, tangible: false }],
  methods: ['credit_card', 'pix'],
  locale: language,
  ...overrides,
});

/** A shopper opens the link's checkout: its page, "Continue", the session's form. */
async function openCheckout(page: Page, linkUrl: string, language: Language): Promise<CheckoutModel> {
  await page.goto(new URL(linkUrl).pathname);
  await page.getByRole('button', { name: LINK_WORDS[language].continue }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  const checkout = new CheckoutModel(page, language);
  await expect(checkout.payButton).toBeVisible();
  return checkout;
}

/** The 409 the server answered to the page's payment, with its code. */
function paymentAnswer(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/v1/transactions'));
}

async function expectFitsAndAccessible(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
}

for (const language of ['pt-BR', 'en'] as const) {
  test.describe(`at 360 px, ${language}`, () => {
    test.use({ viewport: { width: 360, height: 780 } });

    test('the shop turns the link off while the shopper is on its checkout: the reason, no form, the way back', async ({
      page,
      request,
    }) => {
      const link = await createLink(
        request,
        vase(language, { inactive_message: 'Este vaso saiu de linha. Obrigado!' }),
      );
      const checkout = await openCheckout(page, link.url, language);
      await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
      const off = await request.patch(`${SERVER_ORIGIN}/api/v1/payment-links/${link.id}`, {
        headers: auth,
        data: { active: false },
      });
      expect(off.status()).toBe(200);

      const answer = paymentAnswer(page);
      await checkout.payButton.click();
      const refused = await answer;
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ errors: [{ type: 'payment_link_inactive' }] });

      const closed = new LinkRefusal(page, language);
      await expect(closed.heading('inactive')).toBeVisible();
      await expect(closed.heading('inactive')).toBeFocused();
      await expect(closed.body('inactive')).toBeVisible();
      await expect(checkout.payButton).toHaveCount(0);
      await expect(checkout.cardNumber).toBeHidden();
      await expectFitsAndAccessible(page);
      await keepScreenshot(page, `link-turned-off-360-${language}.png`);
      // The same screen on a desktop.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `link-turned-off-desktop-${language}.png`, { fullPage: false });
      // Nothing reached the gateway: the link has no payment at all.
      expect(await linkPayments(request, link.id)).toEqual([]);

      // The way back: the link's page, saying it with the shop's own message.
      await closed.backToLink.click();
      await expect(page.getByRole('heading', { name: LINK_WORDS[language].inactive })).toBeVisible();
      await expect(page.getByText('Este vaso saiu de linha. Obrigado!')).toBeVisible();
    });

    test('another shopper uses a single-use link up first: the server’s reason, the form closed, the way back', async ({
      page,
      browser,
      request,
    }) => {
      const link = await createLink(request, vase(language, { max_payments: 1 }));
      const checkout = await openCheckout(page, link.url, language);
      await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);

      // Meanwhile another shopper opens the same link and pays it.
      const other = await browser.newPage();
      const first = await openCheckout(other, link.url, language);
      await first.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
      const paid = paymentAnswer(other);
      await first.payButton.click();
      expect((await paid).status()).toBe(200);
      await other.close();

      const answer = paymentAnswer(page);
      await checkout.payButton.click();
      const refused = await answer;
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ errors: [{ type: 'payment_link_used_up' }] });

      const usedUp = new LinkRefusal(page, language);
      await expect(usedUp.heading('usedUp')).toBeVisible();
      await expect(usedUp.body('usedUp')).toBeVisible();
      await expect(usedUp.heading('usedUp')).toBeFocused();
      await expect(checkout.payButton).toHaveCount(0);
      await expect(checkout.cardNumber).toBeHidden();
      await expectFitsAndAccessible(page);
      await keepScreenshot(page, `link-used-up-360-${language}.png`);
      // One payment: the other shopper's.
      expect(await linkPayments(request, link.id)).toHaveLength(1);

      await usedUp.backToLink.click();
      await expect(page.getByRole('heading', { name: LINK_WORDS[language].used })).toBeVisible();
      await expect(page.getByRole('button', { name: LINK_WORDS[language].continue })).toHaveCount(0);
    });
  });
}

test.describe('at 360 px, en, a slot held', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('while another shopper’s PIX code holds the last slot: who holds it, nothing charged, a way to check again', async ({
    page,
    browser,
    request,
  }) => {
    const link = await createLink(request, vase('en', { max_payments: 1 }));
    const checkout = await openCheckout(page, link.url, 'en');
    await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);

    const other = await browser.newPage();
    await openCheckout(other, link.url, 'en');
    await new PixCheckoutPage(other).createCode();
    await other.close();

    const answer = paymentAnswer(page);
    await checkout.payButton.click();
    expect(await (await answer).json()).toMatchObject({ errors: [{ type: 'payment_link_held' }] });
    const held = new LinkRefusal(page, 'en');
    await expect(held.heading('held')).toBeVisible();
    await expect(held.body('held')).toBeVisible();
    await expect(checkout.payButton).toHaveCount(0);
    await expectFitsAndAccessible(page);
    await keepScreenshot(page, 'link-held-360-en.png');
    // Still held when asked again: the same words, no form.
    await held.checkAgain.click();
    await expect(held.heading('held')).toBeVisible();
    await expect(checkout.payButton).toHaveCount(0);
  });
});

test.describe('at 360 px, en, boleto', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the shop turns the link off while the shopper fills the boleto form: the reason, no boleto, the way back', async ({
    page,
    request,
  }) => {
    const link = await createLink(request, vase('en', { methods: ['credit_card', 'boleto'] }));
    await openCheckout(page, link.url, 'en');
    await page.getByRole('radio', { name: 'Boleto' }).check();
    const form = page.getByRole('form', { name: 'Pay with boleto' });
    await new CustomerFields(form, 'en').fill(MARIA);
    await fillAddress(
      form.getByRole('group', { name: 'Your address (printed on the boleto)' }),
      SAO_PAULO,
      'en',
    );
    const off = await request.patch(`${SERVER_ORIGIN}/api/v1/payment-links/${link.id}`, {
      headers: auth,
      data: { active: false },
    });
    expect(off.status()).toBe(200);

    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/boleto'),
    );
    await form.getByRole('button', { name: /^Generate boleto for R\$/ }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ errors: [{ type: 'payment_link_inactive' }] });

    // Not the form's generic error: the same screen as a card payment gets, and no boleto button left.
    const closed = new LinkRefusal(page, 'en');
    await expect(closed.heading('inactive')).toBeVisible();
    await expect(closed.heading('inactive')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Generate boleto for R\$/ })).toHaveCount(0);
    await expectFitsAndAccessible(page);
    expect(await linkPayments(request, link.id)).toEqual([]);
    await closed.backToLink.click();
    await expect(page.getByRole('heading', { name: LINK_WORDS.en.inactive })).toBeVisible();
  });
});
