import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import { PixCheckoutPage } from '../pages/pix-checkout-page.ts';
import { PixPaymentPage } from '../pages/pix-payment-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, merchantSession, payPixAtTheBank } from './merchant-api.ts';

test('PIX: a reload shows the same code with its countdown, and the page sees the payment land', async ({
  page,
  request,
}) => {
  const session = await createSession(request);
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  const pix = new PixCheckoutPage(page);
  // The order has a delivery: deliver to the billing address (the form's default).
  const { id, pix_qr_code: code } = await pix.createCode();

  const payment = new PixPaymentPage(page);
  await expect(payment.heading(/^Pay R\$150\.90 with PIX/)).toBeVisible();
  await expect(payment.code).toHaveValue(code);
  const before = await payment.secondsLeft();

  // The phone discards the tab while the shopper opens the bank app: back on the link, the same code.
  await page.reload();
  await expect(payment.heading(/^Pay R\$150\.90 with PIX/)).toBeVisible();
  await expect(payment.code).toHaveValue(code);
  expect(await payment.decodeQr()).toBe(code);
  const after = await payment.secondsLeft();
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 60);
  await expect(pix.form).toBeHidden();

  await payPixAtTheBank(request, id);
  await expect(payment.heading('Payment received')).toBeVisible({ timeout: 15_000 });
  await expect(checkout.backToShop).toBeVisible();
  expect((await merchantSession(request, session.id)).status).toBe('complete');
  expect(await checkout.storageKeys()).toEqual([]);
});

test('the shop cannot expire a session while its PIX code can be paid; the shopper pays it and sees so', async ({
  page,
  request,
}) => {
  const session = await createSession(request);
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  const { id, pix_qr_code: code } = await new PixCheckoutPage(page).createCode();
  const payment = new PixPaymentPage(page);
  await expect(payment.code).toHaveValue(code);

  // The merchant's cleanup call meets the open code: 409 naming it; nothing changes for the shopper.
  const expire = await request.post(`${SERVER_ORIGIN}/api/v1/checkout-sessions/${session.id}/expire`, {
    headers: { authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(expire.status()).toBe(409);
  expect(((await expire.json()) as { errors: { type: string }[] }).errors[0]?.type).toBe(
    'payment_in_progress',
  );
  await page.reload();
  await expect(payment.code).toHaveValue(code);

  await payPixAtTheBank(request, id);
  await expect(payment.heading('Payment received')).toBeVisible({ timeout: 15_000 });
  expect((await merchantSession(request, session.id)).status).toBe('complete');
});

test('desktop, English: card after PIX — the warning, the card paid, the code gone from the page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await createSession(request);
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  const pix = new PixCheckoutPage(page);
  const { id } = await pix.createCode();
  await expect(new PixPaymentPage(page).code).toBeVisible();
  await page.getByRole('radio', { name: 'Card' }).check();
  await expect(page.getByText('Paying by card withdraws it: do not pay the code afterwards.')).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'card-after-pix-1280-en.png');
  await checkout.fillCard(APPROVED_VISA);
  await checkout.fillBilling(SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  // Back to PIX is not offered any more: the session is paid, and the withdrawn code is not shown.
  await page.reload();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  const payments = (await merchantSession(request, session.id)).payments ?? [];
  expect(payments.map((p) => [p.transaction_id === id, p.status])).toEqual([
    [true, 'withdrawn'],
    [false, 'paid'],
  ]);
});
