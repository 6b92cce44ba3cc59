import { expect, test } from '@playwright/test';
import { ServerBankPage } from '../pages/server-bank-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { ThreeDSCheckoutPage } from '../pages/three-ds-checkout.ts';
import { SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, merchantSession, shoesOrder } from './merchant-api.ts';
import { APPROVED_VISA, MARIA, SAO_PAULO_BILLING } from '../test-shoppers.ts';

async function payWithThreeDS(page: import('@playwright/test').Page, sessionId: string) {
  const checkout = new SessionPage(page);
  await checkout.openForm(sessionId);
  await new ThreeDSCheckoutPage(page).fillCustomer(MARIA);
  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'));
  await checkout.payButton.click();
  return { checkout, body: (await sent).postDataJSON() as { threeDSecure: Record<string, unknown> } };
}

test('3DS round trip: the bank returns to /pay/{session}/3ds/success, which asks the server', async ({
  page,
  request,
}) => {
  const session = await createSession(request, shoesOrder({ three_ds: 'required' }));
  const { checkout, body } = await payWithThreeDS(page, session.id);
  // The return URLs are the session's own pages: no reference, nothing to remember in the browser.
  expect(body.threeDSecure.urlSuccess).toBe(`${SERVER_ORIGIN}/pay/${session.id}/3ds/success`);
  expect(body.threeDSecure.urlFail).toBe(`${SERVER_ORIGIN}/pay/${session.id}/3ds/fail`);
  expect(body.threeDSecure.ipAddress).toBe('');

  const bank = new ServerBankPage(page);
  await bank.expectOpen();
  expect(await checkout.storageKeys()).toEqual([]);
  await bank.approve.click();

  await expect(page).toHaveURL(`${SERVER_ORIGIN}/pay/${session.id}/3ds/success`);
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(checkout.backToShop).toBeVisible();
  expect(await checkout.storageKeys()).toEqual([]);
  expect((await merchantSession(request, session.id)).status).toBe('complete');
});

test('Back from the bank shows the way back to it, never a second form; a decline comes back as declined', async ({
  page,
  request,
}) => {
  const session = await createSession(request, shoesOrder({ three_ds: 'required' }));
  const { checkout } = await payWithThreeDS(page, session.id);
  const bank = new ServerBankPage(page);
  await bank.expectOpen();

  // The shopper presses Back (or the phone reloads the tab) while the bank waits.
  await page.goto(`/pay/${session.id}?lang=en`);
  await expect(checkout.pendingBankHeading).toBeVisible();
  await expect(checkout.payButton).toBeHidden();

  await checkout.continueToBank.click();
  await bank.expectOpen();
  await bank.decline.click();
  await expect(page).toHaveURL(`${SERVER_ORIGIN}/pay/${session.id}/3ds/fail`);
  await expect(checkout.resultHeading('Payment declined')).toBeVisible();
  await page.getByRole('button', { name: 'Try another card' }).click();
  await expect(checkout.cardNumber).toBeFocused();
});
