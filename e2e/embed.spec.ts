import { EmbedHostPage } from './pages/embed-host-page.ts';
import { ThreeDSBankPage } from './pages/three-ds-bank-page.ts';
import { CHECKOUT_ORIGIN, MERCHANT_ORIGIN, STRANGER_ORIGIN } from './embed-origins.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { APPROVED_VISA, MARIA, SAO_PAULO_BILLING } from './test-shoppers.ts';

const HEADPHONES = {
  amount: 25000,
  items: [{ title: 'Headphones', unitPrice: 25000, quantity: 1, tangible: true }],
  descriptor: 'LOJA EXEMPLO',
  methods: ['credit_card', 'pix'],
  maxInstallments: 6,
  threeDS: 'off',
  feesPaidBy: 'merchant',
};
const CABLE = {
  ...HEADPHONES,
  amount: 4990,
  items: [{ ...HEADPHONES.items[0], title: 'USB cable', unitPrice: 4990 }],
};

test('a merchant page on another origin takes a card payment and hears payment_succeeded', async ({
  page,
}) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  await host.mount('a', { order: HEADPHONES, locale: 'en' });
  const checkout = host.checkout('a');
  await expect(checkout.frame.getByText('Headphones')).toBeVisible();
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url() === `${CHECKOUT_ORIGIN}/api/v1/transactions`,
  );
  await checkout.payButton.click();
  const { id } = (await (await created).json()) as { id: number };

  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(host.eventLog).toContainText(`a payment_succeeded ${id} paid`);
  const events = await host.events('a');
  expect(events.map((e) => e.type)).toContain('ready');
  expect(events.find((e) => e.type === 'payment_succeeded')).toEqual({
    slot: 'a',
    type: 'payment_succeeded',
    transactionId: id,
    status: 'paid',
    amount: 25000,
  });
  // The host learns the id and the status, never the card.
  const heard = JSON.stringify(events);
  expect(heard).not.toContain('4111');
  expect(heard).not.toContain(APPROVED_VISA.name);
  await expectNoAxeViolations(page);
});

test('a PIX payment in the embed tells the host pix_created, then payment_succeeded', async ({ page }) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  await host.mount('a', { order: HEADPHONES, locale: 'en' });
  const checkout = host.checkout('a');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url() === `${CHECKOUT_ORIGIN}/api/v1/transactions`,
  );
  await checkout.generatePixCode();
  const { id } = (await (await created).json()) as { id: number };
  await expect(host.eventLog).toContainText(`a pix_created ${id} waiting_payment`);
  // The QR code and the copy-and-paste code stay inside the checkout.
  expect(JSON.stringify(await host.events())).not.toContain('000201');

  await host.scrollToBottomOf('a');
  await checkout.simulatePixPayment(id);
  await expect(host.eventLog).toContainText(`a payment_succeeded ${id} paid`, { timeout: 15_000 });
});

test('the iframe grows when errors appear, with no scroll bar inside', async ({ page }) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  await host.mount('a', { order: HEADPHONES, locale: 'en' });
  const checkout = host.checkout('a');
  await expect(checkout.payButton).toBeVisible();
  await expect.poll(() => checkout.scrollOverflow()).toBe(0);
  const before = await host.iframeHeight('a');

  await checkout.payButton.click();
  await expect(checkout.frame.getByText('Enter the card number').first()).toBeVisible();

  await expect.poll(() => host.iframeHeight('a')).toBeGreaterThan(before + 20);
  await expect.poll(() => checkout.scrollOverflow()).toBe(0);
});

test('messages from a foreign origin are ignored both ways', async ({ page }) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  await host.mount('a', { order: HEADPHONES, locale: 'en' });
  const checkout = host.checkout('a');
  await expect(checkout.payButton).toBeVisible();
  const instance = new URL((await host.iframe('a').getAttribute('src')) ?? '').searchParams.get('instance');

  // Another site's frame on the merchant's page forges messages with the right instance id.
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'Another site';
    document.body.appendChild(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  }, `${STRANGER_ORIGIN}/stranger.html`);
  const stranger = page.frames().find((f) => f.url().startsWith(STRANGER_ORIGIN));
  if (!stranger) throw new Error('the stranger frame did not load');
  await stranger.evaluate((id) => {
    const envelope = { source: 'merchant-checkout', version: 1, instance: id };
    window.parent.frames[0]?.postMessage({ ...envelope, type: 'theme', theme: { mode: 'dark' } }, '*');
    window.parent.postMessage(
      { ...envelope, type: 'payment_succeeded', transactionId: 999, status: 'paid' },
      '*',
    );
  }, instance);

  // The merchant's own message, sent after the forged ones, is applied: the forged theme was not.
  await host.setTheme('a', { mode: 'light', colors: { primary: '#5b21b6' } });
  await expect(checkout.payButton).toHaveCSS('background-color', 'rgb(91, 33, 182)');
  await expect(checkout.body).toHaveCSS('background-color', 'rgb(245, 247, 246)');
  await host.setTheme('a', { mode: 'dark' });
  await expect(checkout.body).toHaveCSS('background-color', 'rgb(17, 23, 20)');

  // A real event after the forged one: the host heard the checkout, not the stranger.
  await checkout.payButton.click();
  await expect
    .poll(async () => (await host.events('a')).filter((e) => e.type === 'resize').length)
    .toBeGreaterThan(1);
  const events = await host.events();
  expect(events.some((e) => e.transactionId === 999)).toBe(false);
  await expect(host.eventLog).not.toContainText('999');
});

test('two checkouts on one page stay separate', async ({ page }) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  await host.mount('a', { order: HEADPHONES, locale: 'en' });
  await host.mount('b', { order: CABLE, locale: 'en' });
  const first = host.checkout('a');
  const second = host.checkout('b');
  await expect(first.frame.getByText('Headphones')).toBeVisible();
  await expect(second.frame.getByText('USB cable')).toBeVisible();
  await expect(first.frame.getByText('USB cable')).toHaveCount(0);

  await second.fillCard(APPROVED_VISA);
  await second.fillBilling(SAO_PAULO_BILLING);
  await second.payButton.click();
  await expect(second.resultHeading('Payment approved')).toBeVisible();
  await expect(host.eventLog).toContainText(/b payment_succeeded \d+ paid/);

  expect((await host.events('a')).map((e) => e.type)).not.toContain('payment_succeeded');
  await expect(first.payButton).toBeVisible();
  await expect(first.resultHeading('Payment approved')).toHaveCount(0);
  const [srcA, srcB] = await Promise.all([
    host.iframe('a').getAttribute('src'),
    host.iframe('b').getAttribute('src'),
  ]);
  expect(new URL(srcA ?? '').searchParams.get('instance')).not.toBe(
    new URL(srcB ?? '').searchParams.get('instance'),
  );
});

test('a site that is not on the allow-list cannot frame the checkout', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) refusals.push(message.text());
  });
  const host = new EmbedHostPage(page);
  await host.goto(STRANGER_ORIGIN);
  // No timeout of the host's own: the default 15 s must not be what tells it (issue 26: within 3 s of load).
  await host.mount('a', { order: HEADPHONES, locale: 'en' });

  await expect(host.eventLog).toContainText('a error load_failed', { timeout: 5_000 });
  expect(refusals.join('\n')).toContain(CHECKOUT_ORIGIN);
  await expect(host.checkout('a').payButton).toHaveCount(0);
  expect((await host.events('a')).map((e) => e.type)).not.toContain('ready');
});

test('3DS from the embed: the bank sends the shopper back to the merchant page, which hears the outcome', async ({
  page,
}) => {
  const host = new EmbedHostPage(page);
  await host.goto();
  const order = { ...HEADPHONES, threeDS: 'required' };
  await host.mount('a', { order, locale: 'en' });
  const checkout = host.checkout('a');
  await checkout.fillCustomer(MARIA);
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);

  const created = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url() === `${CHECKOUT_ORIGIN}/api/v1/transactions`,
  );
  await checkout.payButton.click();
  const body = (await created).postDataJSON() as { threeDSecure: { urlSuccess: string; urlFail: string } };
  // The bank is told to come back to the merchant's own page, with only a reference.
  const back = new URL(body.threeDSecure.urlSuccess);
  expect(back.origin).toBe(MERCHANT_ORIGIN);
  expect(back.pathname).toBe('/index.html');
  expect(back.searchParams.get('checkout_3ds')).toMatch(/^[0-9a-f]{32}$/);
  expect(body.threeDSecure.urlFail).toBe(body.threeDSecure.urlSuccess);

  // The host page's loader would take the top window to the bank; the test host declines, so go there.
  await expect(host.eventLog).toContainText('a redirecting');
  const redirecting = (await host.events('a')).find((e) => e.type === 'redirecting') as { url?: string };
  await page.goto(redirecting.url ?? '');
  const bank = new ThreeDSBankPage(page, 'en');
  await bank.expectOpen();
  await bank.authenticateWith();

  // Back on the merchant's page: it mounts the checkout again, as it does on every load.
  await expect(page).toHaveURL(new RegExp(`^${MERCHANT_ORIGIN}/index.html\\?.*checkout_3ds=`));
  await expect(page.locator('body')).toHaveAttribute('data-loader', 'ready');
  await host.mount('a', { order, locale: 'en' });
  // The return screen is a page of its own (its heading is the page's h1).
  await expect(checkout.frame.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await expect(host.eventLog).toContainText(/a payment_succeeded \d+ authorized/);
  await expectNoAxeViolations(page);
});
