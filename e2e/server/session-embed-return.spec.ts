import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EmbedHostPage } from '../pages/embed-host-page.ts';
import { ServerBankPage } from '../pages/server-bank-page.ts';
import { CROSS_SITE_SHOP_ORIGIN, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { APPROVED_VISA, MARIA, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import { word } from '../words.ts';
import { createSession, gatewayTransactions, merchantSession, shoesOrder } from './merchant-api.ts';

/**
 * A shop whose backend makes a new checkout session on every load of its page (as the embed docs' page
 * does): the spec plays that backend, and e2e/embed-host/host.js mounts what it made. Each session
 * carries a title no other spec uses, so the gateway's charges for this shop can be counted.
 */
async function shopWithSessionPerLoad(
  page: Page,
  request: APIRequestContext,
  customer: { email: string },
): Promise<{ host: EmbedHostPage; made: string[]; title: string }> {
  const title = `Trail boots ${Math.random().toString(36).slice(2, 10)}`;
  const made: string[] = [];
  await page.exposeFunction('newSessionForThisLoad', async () => {
    const session = await createSession(
      request,
      shoesOrder({
        items: [{ title, unit_price: 14090, quantity: 1, tangible: true }],
        three_ds: 'required',
        embed_origins: [CROSS_SITE_SHOP_ORIGIN],
        customer,
      }),
    );
    made.push(session.id);
    return session.id;
  });
  const host = new EmbedHostPage(page);
  await host.goto(CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN);
  return { host, made, title };
}

const readyCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { readyCalls: Record<string, number> }).readyCalls.a);

test('3DS in an embed whose shop makes a session per load: back from the bank, the same session, paid, one charge', async ({
  page,
  request,
}) => {
  const email = `only-email-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { host, made, title } = await shopWithSessionPerLoad(page, request, { email });
  const shopPage = page.url();
  const checkout = host.checkout('a');
  await expect(checkout.frame.getByText(title)).toBeVisible();
  expect(made).toHaveLength(1);
  const paid = made[0] ?? '';
  await expect.poll(() => readyCalls(page)).toBe(1);
  // The shop knew only the shopper's e-mail: it is filled in, the other fields are open and empty.
  const emailField = checkout.customer.group.getByLabel(word('customer.email', 'en'));
  await expect(emailField).toHaveValue(email);
  await expect(checkout.customer.group.getByLabel(word('customer.taxId', 'en'))).toHaveValue('');

  await checkout.fillCustomer({ ...MARIA, email });
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();
  const bank = new ServerBankPage(page);
  await bank.expectOpen();
  await bank.approve.click();

  // Back on the shop's page, which made yet another session for this load: the loader mounts the one
  // the shopper paid instead, and takes its id off the address.
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  expect(made).toHaveLength(2);
  expect(new URL((await host.iframe('a').getAttribute('src')) ?? '').searchParams.get('session')).toBe(paid);
  await expect(checkout.payButton).toHaveCount(0);
  expect(page.url()).toBe(shopPage);
  await expect(host.eventLog).toContainText(/a payment_succeeded \d+ (paid|authorized) 15090/);
  expect(await readyCalls(page)).toBe(1);

  // One charge reached the gateway, for the paid session; the session made on the way back has none.
  const charges = (await gatewayTransactions(request)).filter((t) =>
    t.items?.some((item) => item.title === title),
  );
  expect(charges).toHaveLength(1);
  const paidSession = await merchantSession(request, paid);
  expect(paidSession.status).toBe('complete');
  expect(paidSession.payments?.map((p) => p.transaction_id)).toEqual([charges[0]?.id]);
  expect((await merchantSession(request, made[1] ?? '')).payments).toEqual([]);
});

test('a return address someone else made with their session in it shows the shop’s own session', async ({
  page,
  request,
}) => {
  // Another shopper's session of the same shop, framable by this page: its id in a link is not a return
  // this tab made, so the page's own session is mounted and the id is taken off the address.
  const theirs = await createSession(request, shoesOrder({ embed_origins: [CROSS_SITE_SHOP_ORIGIN] }));
  const { host, made } = await shopWithSessionPerLoad(page, request, { email: 'ana@example.com' });
  await expect(host.iframe('a')).toBeVisible();
  const forged = new URL(page.url());
  forged.searchParams.set('checkout_session', theirs.id);
  await page.goto(forged.href);
  await expect(host.checkout('a').payButton).toBeVisible();
  expect(made).toHaveLength(2);
  expect(new URL((await host.iframe('a').getAttribute('src')) ?? '').searchParams.get('session')).toBe(
    made[1],
  );
  expect(new URL(page.url()).searchParams.has('checkout_session')).toBe(false);
});

test('an embedded payment link: onReady once, though the link’s page and then its session’s say ready', async ({
  page,
  request,
}) => {
  const created = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
    data: {
      title: 'Caneca para a vitrine',
      items: [{ title: 'Caneca esmaltada', unit_price: 4990, quantity: 1, tangible: false }],
      methods: ['credit_card'],
      embed_origins: [CROSS_SITE_SHOP_ORIGIN],
      locale: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const code = new URL(((await created.json()) as { url: string }).url).pathname.split('/').pop() ?? '';
  const host = new EmbedHostPage(page);
  await host.goto(CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN);
  await host.mount('a', { link: code, locale: 'en' });
  const checkout = host.checkout('a');
  await checkout.frame.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(checkout.payButton).toBeVisible();
  await expect.poll(() => readyCalls(page)).toBe(1);
  expect((await host.events('a')).filter((e) => e.type === 'ready')).toHaveLength(1);
});
