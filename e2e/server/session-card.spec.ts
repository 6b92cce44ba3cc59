import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { SERVER_ORIGIN } from '../server-origins.ts';
import { SHOP_CANCEL_URL, SHOP_SUCCESS_URL, createSession, merchantSession } from './merchant-api.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';

test('a card payment on /pay/{session} goes through the server and sends the shopper back to the shop', async ({
  page,
  request,
}) => {
  const session = await createSession(request);
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);

  // The order is the session's, painted from the page itself.
  await expect(checkout.summary).toContainText('Running shoes');
  await expect(checkout.summary).toContainText('R$150.90');
  await expect(checkout.cancelLink).toHaveAttribute('href', SHOP_CANCEL_URL);
  await expectNoAxeViolations(page);

  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/v1/transactions'));
  await checkout.payButton.click();
  // Gateway-shaped calls go to the session's own base, never to a global /api.
  expect((await sent).url()).toBe(`${SERVER_ORIGIN}/api/pay/${session.id}/v1/transactions`);

  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(checkout.backToShop).toHaveAttribute('href', `${SHOP_SUCCESS_URL}&session_id=${session.id}`);
  await expect(checkout.cancelLink).toHaveCount(0);
  await expectNoAxeViolations(page);

  const seen = await merchantSession(request, session.id);
  expect(seen.status).toBe('complete');
  expect(seen.payments?.map((p) => [p.payment_method, p.status, p.amount])).toEqual([
    ['credit_card', 'paid', 15090],
  ]);

  // A reload shows the result, never an empty form that invites a second payment.
  await page.reload();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(checkout.payButton).toBeHidden();
  expect(await checkout.storageKeys()).toEqual([]);
});
