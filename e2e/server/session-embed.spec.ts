import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures.ts';
import { EmbedHostPage } from '../pages/embed-host-page.ts';
import { ServerBankPage } from '../pages/server-bank-page.ts';
import { CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, shoesOrder } from './merchant-api.ts';
import { APPROVED_VISA, MARIA, SAO_PAULO_BILLING } from '../test-shoppers.ts';

/** The shop's page on 127.0.0.1 framing the checkout on localhost: another site, as on the web. */
async function openShop(page: Page): Promise<EmbedHostPage> {
  const host = new EmbedHostPage(page);
  await host.goto(CROSS_SITE_SHOP_ORIGIN, SERVER_ORIGIN);
  return host;
}

/** What the checkout's frame meets when it touches browser storage. */
async function storageInCheckoutFrame(page: Page): Promise<string> {
  const frame = page.frames().find((f) => f.url().startsWith(`${SERVER_ORIGIN}/embed`));
  if (!frame) throw new Error('no checkout frame');
  return frame.evaluate(() => {
    try {
      return `allowed (${String(window.sessionStorage.length)})`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });
}

test('a shop on another site embeds a session, with third-party storage blocked, and hears the amount', async ({
  page,
  request,
}) => {
  const session = await createSession(request, shoesOrder({ embed_origins: [CROSS_SITE_SHOP_ORIGIN] }));
  const host = await openShop(page);
  // The host's own order is ignored: the session's is the one that counts.
  await host.mount('a', {
    session: session.id,
    locale: 'en',
    order: {
      amount: 100,
      items: [{ title: 'Cheaper shoes', unitPrice: 100, quantity: 1, tangible: true }],
      methods: ['credit_card'],
      maxInstallments: 1,
      threeDS: 'off',
      feesPaidBy: 'merchant',
    },
  });
  const checkout = host.checkout('a');
  await expect(checkout.frame.getByText('Running shoes')).toBeVisible();
  await expect(checkout.frame.getByText('Cheaper shoes')).toHaveCount(0);
  expect(new URL((await host.iframe('a').getAttribute('src')) ?? '').searchParams.get('session')).toBe(
    session.id,
  );
  // Chromium blocks this third-party frame's storage: merely reading it throws, and the page lives on.
  expect(await storageInCheckoutFrame(page)).toMatch(/Access is denied/);

  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  const succeeded = (await host.events('a')).find((e) => e.type === 'payment_succeeded');
  expect(succeeded).toMatchObject({ status: 'paid', amount: 15090 });
  expect(succeeded?.transactionId).toEqual(expect.any(Number));
  // Embedded, the shop's own page moves on: no link out of the frame.
  await expect(checkout.frame.getByRole('link', { name: 'Back to the shop' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('3DS from a cross-site embed: the top window goes to the bank and back to the shop, nothing stored', async ({
  page,
  request,
}) => {
  const session = await createSession(
    request,
    shoesOrder({ three_ds: 'required', embed_origins: [CROSS_SITE_SHOP_ORIGIN] }),
  );
  const host = await openShop(page);
  const shopPage = page.url();
  await host.mount('a', { session: session.id, locale: 'en', followBankRedirect: true });
  const checkout = host.checkout('a');
  await checkout.fillCustomer(MARIA);
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);
  expect(await storageInCheckoutFrame(page)).toMatch(/Access is denied/);

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'));
  await checkout.payButton.click();
  const body = (await sent).postDataJSON() as { threeDSecure: { urlSuccess: string; urlFail: string } };
  // Back to the shop's own page naming the session (no reference: the session knows its payment).
  const returnPage = `${shopPage}&checkout_session=${session.id}`;
  expect(body.threeDSecure.urlSuccess).toBe(returnPage);
  expect(body.threeDSecure.urlFail).toBe(returnPage);

  // The loader in the shop's page takes the whole window to the bank.
  const bank = new ServerBankPage(page);
  await bank.expectOpen();
  await bank.approve.click();

  // Back on the shop's page, which mounts the checkout with the same session, as on every load; the
  // loader takes the session's id off the address.
  await expect(page).toHaveURL(returnPage);
  await expect(page.locator('body')).toHaveAttribute('data-loader', 'ready');
  await host.mount('a', { session: session.id, locale: 'en' });
  await expect(page).toHaveURL(shopPage);
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  // Captured automatically once authorised (the session's default), so the payment ends paid.
  await expect(host.eventLog).toContainText(/a payment_succeeded \d+ (paid|authorized) 15090/);
});
