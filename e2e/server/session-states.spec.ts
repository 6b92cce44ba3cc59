import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { SERVER_ORIGIN } from '../server-origins.ts';
import { SHOP_CANCEL_URL, createSession, expireSession, shoesOrder } from './merchant-api.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from '../test-shoppers.ts';

test('an expired link says so and sends the shopper to the shop for a new one', async ({ page, request }) => {
  const session = await createSession(request);
  await expireSession(request, session.id);
  const checkout = new SessionPage(page);
  await checkout.open(session.id);
  await expect(checkout.pageHeading('This payment link has expired')).toBeVisible();
  await expect(page.getByText('Ask the shop for a new one.')).toBeVisible();
  await expect(checkout.backToShop).toHaveAttribute('href', SHOP_CANCEL_URL);
  await expect(checkout.payButton).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a paid session shows its result and refuses a second payment', async ({ page, request }) => {
  const session = await createSession(request, shoesOrder({ methods: ['credit_card'] }));
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);

  // A second tab of the same link, left open on the form, while the first one pays.
  const secondTab = await page.context().newPage();
  const second = new SessionPage(secondTab);
  await second.openForm(session.id);

  await checkout.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();

  // The stale tab tries to pay: the server says 409, the page asks it and shows the payment made.
  await second.fillAll(APPROVED_VISA, SAO_PAULO_BILLING);
  const refused = secondTab.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/v1/transactions'),
  );
  await second.payButton.click();
  expect((await refused).status()).toBe(409);
  await expect(second.resultHeading('Payment approved')).toBeVisible();

  // And a fresh load of the link is the result too.
  await page.goto(`/pay/${session.id}?lang=en`);
  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(checkout.backToShop).toBeVisible();
});

test('a link the server does not know is "not valid"; a URL order is refused', async ({ page }) => {
  const checkout = new SessionPage(page);
  await checkout.open('cs_NoSuchSession0000000000');
  await expect(checkout.pageHeading('This payment link is not valid')).toBeVisible();
  await checkout.open('cs_short');
  await expect(checkout.pageHeading('This payment link is not valid')).toBeVisible();

  // Production takes orders only from sessions: an edited amount is no checkout at all.
  await page.goto(`${SERVER_ORIGIN}/?amount=100&description=Cheap&lang=en`);
  await expect(page.getByRole('heading', { name: 'This checkout link is not valid' })).toBeVisible();
  await expect(
    page.getByText('This checkout opens only from a shop’s payment link.', { exact: false }),
  ).toBeVisible();
  await expect(checkout.payButton).toHaveCount(0);
});

test('an unknown outcome: the page asks the server and, while nobody knows, warns against paying twice', async ({
  page,
  request,
}) => {
  const session = await createSession(request, shoesOrder({ methods: ['credit_card'] }));
  const checkout = new SessionPage(page);
  await checkout.openForm(session.id);
  // The mock gateway answers 504 to this holder name: it may or may not have charged.
  await checkout.fillAll({ ...APPROVED_VISA, name: 'GATEWAY TIMEOUT' }, SAO_PAULO_BILLING);
  const asked = page.waitForRequest(
    (r) => r.method() === 'GET' && r.url() === `${SERVER_ORIGIN}/api/pay/${session.id}`,
  );
  await checkout.payButton.click();
  await asked;

  await expect(checkout.resultHeading('We could not confirm your payment yet')).toBeVisible();
  await expect(page.getByText(/it may have gone through/)).toBeVisible();
  await expect(checkout.payButton).toBeHidden();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Still no answer from the payment service.', { exact: false })).toBeVisible();

  // A reload while the server still looks: the same warning, never the form.
  await page.reload();
  await expect(checkout.resultHeading('We could not confirm your payment yet')).toBeVisible();
  await expect(checkout.payButton).toBeHidden();
  await expectNoAxeViolations(page);
});
