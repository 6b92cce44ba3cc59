import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { receiptEmailMessages } from '../../src/i18n/catalogues/receipt-email.ts';
import { expectNoAxeViolations } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { SERVER_ORIGIN } from '../server-origins.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';
import { word } from '../words.ts';
import { createSession, shoesOrder } from './merchant-api.ts';

/**
 * Issue 42 item 4 through the real server: the plain card form asks no customer, so the shopper may give an
 * e-mail for the receipt — folded, optional, checked, sent beside the payment and where the receipt goes.
 */
const en = receiptEmailMessages.en;
const pt = receiptEmailMessages['pt-BR'];

async function mailsTo(request: APIRequestContext, to: string): Promise<{ subject: string }[]> {
  const response = await request.get(`${SERVER_ORIGIN}/__mock-gateway/control/mailbox/json`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { to: string; subject: string }[]).filter((mail) => mail.to === to);
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.use({ viewport: { width: 360, height: 780 } });

test('a shopper the shop does not know opens "Receive the receipt by e-mail", fixes a typo, pays and gets it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const address = `ana.${Date.now()}@example.com`;
  const session = await createSession(request, shoesOrder({ methods: ['credit_card'], locale: 'en' }));
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);

  // Folded: a button, no field to fill (an optional field is not one the payment needs).
  const open = page.getByRole('button', { name: en['receiptEmail.open'] });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  const field = page.getByLabel(en['receiptEmail.label']);
  await expect(field).toHaveCount(0);

  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('autocomplete', 'email');
  await field.fill('ana@example');
  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  await checkout.payButton.click();

  // Refused by the form, said beside the field and tied to it for screen readers; nothing was sent.
  const error = page.getByText(word('customer.error.emailInvalid'));
  await expect(error).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  expect(described.split(' ')).toContain(await error.getAttribute('id'));
  await expect(field).toBeFocused();
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page);

  await field.fill(address);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/v1/transactions'));
  await checkout.payButton.click();
  expect((await sent).postDataJSON()).toMatchObject({ receipt_email: address });
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(request, address)).map((mail) => mail.subject.split(' — ')[0]), {
      timeout: 15_000,
    })
    .toEqual(['Payment approved']);
});

test('pt-BR: the session’s customer e-mail is already in the field; folding it again puts it back', async ({
  page,
  request,
}) => {
  const known = 'maria.silva@example.com';
  const session = await createSession(
    request,
    shoesOrder({ methods: ['credit_card'], locale: 'pt-BR', customer: { email: known } }),
  );
  const checkout = new SessionPage(page);
  await checkout.open(session.id, 'pt-BR');
  const open = page.getByRole('button', { name: pt['receiptEmail.open'] });
  await open.click();
  const field = page.getByLabel(pt['receiptEmail.label']);
  await expect(field).toHaveValue(known);
  await expect(page.getByText(pt['receiptEmail.hint'])).toBeVisible();
  await field.fill('outro@');
  await open.click();
  await expect(field).toHaveCount(0);
  await open.click();
  await expect(page.getByLabel(pt['receiptEmail.label'])).toHaveValue(known);
  expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page);
});

test('a session with `receipts: false` offers no e-mail for the receipt', async ({ page, request }) => {
  const session = await createSession(request, shoesOrder({ methods: ['credit_card'], receipts: false }));
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  // The offer loads on its own once the form is up: wait for the page to be quiet before looking for it.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: en['receiptEmail.open'] })).toHaveCount(0);
});
