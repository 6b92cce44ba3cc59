import { expect, test, type APIRequestContext } from '@playwright/test';
import { ConsoleModel } from '../models/console-model.ts';
import { PixCheckoutPage } from '../pages/pix-checkout-page.ts';
import { PixPaymentPage } from '../pages/pix-payment-page.ts';
import { CONSOLE_USERS, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import { payPixAtTheBank, storedRows } from './merchant-api.ts';

/**
 * Issue 42 through the real server: a payment link paid with PIX mails the shopper its receipts, kept in the
 * development mailbox (as under `npm start`); the console's payment page lists them and resends one.
 */
interface KeptMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

async function mailbox(request: APIRequestContext): Promise<KeptMail[]> {
  const response = await request.get(`${SERVER_ORIGIN}/__mock-gateway/control/mailbox/json`);
  expect(response.status()).toBe(200);
  return (await response.json()) as KeptMail[];
}

test('a link paid with PIX: its receipts in the mailbox; the console lists them and resends one', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reference = `mail-e2e-${Date.now()}`;
  const created = await request.post(`${SERVER_ORIGIN}/api/v1/payment-links`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
    data: {
      title: 'Bolo de cenoura',
      reference,
      locale: 'en',
      methods: ['credit_card', 'pix'],
      items: [{ title: 'Bolo de cenoura', unit_price: 3500, quantity: 1, tangible: true }],
    },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { url: string };
  await page.goto(new URL(link.url).pathname);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const { id, pix_qr_code: code } = await new PixCheckoutPage(page).createCode();
  await payPixAtTheBank(request, id);
  await expect(new PixPaymentPage(page).heading('Payment received')).toBeVisible({ timeout: 15_000 });

  // Both receipts reach the mailbox: the code when it was issued, then the payment.
  // The shopper's receipts (the owner also hears of the sale: a notice, checked below).
  const all = async () => (await mailbox(request)).filter((mail) => mail.text.includes(reference));
  // Every console user whose notices are on hears of the sale (other specs add users): the shopper's mails are
  // the ones that are not sale notices.
  const ours = async () => (await all()).filter((mail) => !mail.subject.startsWith('New sale'));
  await expect
    .poll(async () => (await ours()).map((mail) => mail.subject.split(' — ')[0]).sort(), {
      timeout: 15_000,
    })
    .toEqual(['PIX received', 'Your PIX code']);
  expect(
    (await all()).filter((mail) => mail.to === CONSOLE_USERS.owner.email).map((mail) => mail.subject),
  ).toEqual(['New sale: R$35.00 — ' + reference]);
  const issued = (await ours()).find((mail) => mail.subject.startsWith('Your PIX code'));
  expect(issued?.text).toContain(code);

  // The mailbox page shows the mail as its reader would, at 360 px.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/__mock-gateway/control/mailbox');
  await page
    .getByRole('link', { name: /^PIX received/ })
    .first()
    .click();
  const body = page.frameLocator('iframe');
  await expect(body.getByRole('heading', { level: 1, name: 'PIX received' })).toBeVisible();
  await expect(body.getByText(reference)).toBeVisible();

  // The console's payment page lists both, sent, and resends the receipt.
  const attempts = await storedRows(request, 'payment_attempts');
  const attempt = attempts.find((row) => row.transaction_id === id);
  expect(attempt).toBeDefined();
  await page.setViewportSize({ width: 1280, height: 900 });
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.owner.email, CONSOLE_USERS.owner.password);
  await page.goto(`/console/payments/${String(attempt?.id)}`);
  const mails = page.getByRole('region', { name: 'E-mails' });
  await expect(mails.getByRole('row', { name: /Receipt: PIX received/ })).toContainText('Sent');
  await expect(mails.getByRole('row', { name: /Receipt: PIX code/ })).toContainText('Sent');
  await mails.getByRole('button', { name: /^Resend Receipt: PIX received to / }).click();
  await expect(mails.getByRole('status')).toContainText('queued');
  await expect
    .poll(async () => (await ours()).filter((mail) => mail.subject.startsWith('PIX received')).length, {
      timeout: 15_000,
    })
    .toBe(2);
});
