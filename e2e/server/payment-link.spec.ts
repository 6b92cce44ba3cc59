import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { PixCheckoutPage } from '../pages/pix-checkout-page.ts';
import { PixPaymentPage } from '../pages/pix-payment-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { payPixAtTheBank } from './merchant-api.ts';
import { EmbedHostPage } from '../pages/embed-host-page.ts';
import { CROSS_SITE_SHOP_ORIGIN, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';

/**
 * Issue 23 through the real server: a payment link's page, its QR sheet, "Continue" opening a fresh
 * session, paying it, the link's thank-you message, and a closed link's page — at 360 px in Portuguese
 * and on a desktop in English.
 */
const auth = { Authorization: `Bearer ${SECRET_KEY}` };

async function createLink(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, { headers: auth, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; url: string; qr_code: string; status: string };
}

const mug = (overrides: Record<string, unknown> = {}) => ({
  title: 'Caneca esmaltada',
  description: 'Caneca de 350 ml, feita à mão.',
  items: [{ title: 'Caneca esmaltada', unit_price: 4990, quantity: 1, tangible: false }],
  methods: ['credit_card', 'pix'],
  after_payment: { message: 'Obrigado! Enviaremos a caneca em 2 dias úteis.' },
  ...overrides,
});

test.describe('at 360 px in Portuguese', () => {
  // The link names no language: the page follows the browser's (issue 41).
  test.use({ viewport: { width: 360, height: 780 }, locale: 'pt-BR' });

  test('a link page names the shop and the price; Continue opens a fresh session each time', async ({
    page,
    request,
  }) => {
    const link = await createLink(request, mug());
    const path = new URL(link.url).pathname;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Caneca esmaltada' })).toBeVisible();
    await expect(page.getByText('Caneca de 350 ml, feita à mão.')).toBeVisible();
    await expect(page.getByText(/R\$\s?49,90/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'link-360-pt.png');

    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_/);
    const first = new URL(page.url()).pathname;
    await page.goto(path);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_/);
    expect(new URL(page.url()).pathname).not.toBe(first);
  });
});

test('two shoppers on one reusable link: one pays by card, the other by PIX; the link counts both', async ({
  browser,
  request,
}) => {
  const link = await createLink(request, mug({ locale: 'en' }));
  const path = new URL(link.url).pathname;

  const first = await browser.newPage();
  await first.goto(path);
  await first.getByRole('button', { name: 'Continue to payment' }).click();
  const card = new SessionPage(first);
  await card.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  await card.payButton.click();
  await expect(card.resultHeading('Payment approved')).toBeVisible({ timeout: 15_000 });

  const second = await browser.newPage();
  await second.goto(path);
  await second.getByRole('button', { name: 'Continue to payment' }).click();
  // A fresh session: nothing of the first shopper is on the page.
  await expect(second.getByText('1111')).toHaveCount(0);
  const { id } = await new PixCheckoutPage(second).createCode();
  await payPixAtTheBank(request, id);
  await expect(new PixPaymentPage(second).heading('Payment received')).toBeVisible({ timeout: 15_000 });

  const counted = await request.get(`${SERVER_ORIGIN}/api/v1/payment-links/${link.id}`, { headers: auth });
  expect(await counted.json()).toMatchObject({ payments_count: 2, amount_collected: 2 * 4990 });
});

test('desktop, English: pay through a link, see its message; the QR sheet; a deactivated link explains itself', async ({
  page,
  request,
}) => {
  const link = await createLink(
    request,
    mug({
      title: 'Enamel mug',
      description: 'A 350 ml mug, handmade.',
      locale: 'en',
      methods: ['credit_card'],
      after_payment: { message: 'Thanks! Your mug ships in 2 business days.' },
      max_payments: 1,
    }),
  );
  const path = new URL(link.url).pathname;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Enamel mug' })).toBeVisible();
  await keepScreenshot(page, 'link-desktop-en.png');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);

  const checkout = new SessionPage(page);
  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible({ timeout: 15_000 });
  // "Back to the shop" of a link's session is the link's thank-you page, with the merchant's message.
  await checkout.backToShop.click();
  await expect(page.getByText('Thanks! Your mug ships in 2 business days.')).toBeVisible();
  await keepScreenshot(page, 'link-thanks-en.png');

  // Single use: paid once, the link now says so instead of offering a second payment.
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'link-completed-en.png');

  // The printable sheet with the QR code.
  await page.goto(`${path}/qr`);
  await expect(page.locator('svg').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'link-qr-en.png');
});

test('a shop on another site embeds a link: its page in the frame, Continue, the card paid inside, the shop hears it', async ({
  page,
  request,
}) => {
  const link = await createLink(
    request,
    mug({ title: 'Caneca para a vitrine', embed_origins: [CROSS_SITE_SHOP_ORIGIN], locale: 'en' }),
  );
  const code = new URL(link.url).pathname.split('/').pop() ?? '';
  const host = new EmbedHostPage(page);
  await host.goto(CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN);
  await host.mount('a', { link: code, locale: 'en' });
  const frame = host.checkout('a').frame;
  await expect(frame.getByRole('heading', { level: 1, name: 'Caneca para a vitrine' })).toBeVisible();
  await expect.poll(async () => (await host.events('a')).map((e) => e.type)).toContain('ready');
  // The frame grew to the page's height: no scroll bar inside.
  await expect.poll(() => host.iframeHeight('a')).toBeGreaterThan(320);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'link-embedded.png');

  await frame.getByRole('button', { name: 'Continue to payment' }).click();
  const checkout = host.checkout('a');
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  const succeeded = (await host.events('a')).find((e) => e.type === 'payment_succeeded');
  expect(succeeded).toMatchObject({ status: 'paid', amount: 4990 });
  // The shop's page stayed where it was; the link counted the payment.
  expect(new URL(page.url()).origin).toBe(CROSS_SITE_SHOP_ORIGIN);
  const counted = await request.get(`${SERVER_ORIGIN}/api/v1/payment-links/${link.id}`, { headers: auth });
  expect(await counted.json()).toMatchObject({ payments_count: 1, amount_collected: 4990 });
});

test('a site the link does not name cannot frame it: the shop hears load_failed within seconds', async ({
  page,
  request,
}) => {
  const link = await createLink(request, mug({ title: 'Caneca sem vitrine' }));
  const code = new URL(link.url).pathname.split('/').pop() ?? '';
  const host = new EmbedHostPage(page);
  await host.goto(CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN);
  await host.mount('a', { link: code });
  await expect
    .poll(async () => (await host.events('a')).map((e) => e.code), { timeout: 8_000 })
    .toContain('load_failed');
});
