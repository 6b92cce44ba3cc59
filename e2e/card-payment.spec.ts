import { CheckoutPage } from './pages/checkout-page.ts';
import { expect, expectNoAxeViolations, networkBarrier, recordGatewayRequests, test } from './fixtures.ts';
import { APPROVED_VISA, SAO_PAULO_BILLING } from './test-shoppers.ts';

test('an approved card payment sends the spec 2.1 body and shows success', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto('lang=en&amount=25000&description=Headphones&installments=6&descriptor=LOJA%20FONES');
  await checkout.fillAll();
  await checkout.installments.selectOption('3');

  const requestPromise = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/transactions'),
  );
  await checkout.payButton.click();
  const request = await requestPromise;

  expect(request.headers()['content-type']).toContain('application/json');
  expect(request.headers().authorization).toBeUndefined();
  expect(request.postDataJSON()).toEqual({
    payment_method: 'credit_card',
    amount: 25000,
    capture: true,
    installments: 3,
    descriptor: 'LOJA FONES',
    card: {
      card_number: '4111111111111111',
      card_holder_name: 'MARIA SILVA',
      card_expiration_date: '1234',
      card_cvv: '123',
    },
    billing: {
      name: SAO_PAULO_BILLING.name,
      address: {
        country: 'br',
        street: 'Avenida Paulista',
        street_number: '1000',
        zipcode: '01310100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
      },
    },
    items: [{ title: 'Headphones', unit_price: 25000, quantity: 1, tangible: true }],
  });

  await expect(checkout.resultHeading('Payment approved')).toBeVisible();
  await expect(page.getByText('Your payment of R$250.00 was approved.')).toBeVisible();
  await expect(page.getByText('3x on Visa ending in 1111')).toBeVisible();
  await expect(checkout.resultHeading('Payment approved')).toBeFocused();
  await expectNoAxeViolations(page);
  // Card data leaves no trace in the URL or in storage.
  expect(page.url()).not.toContain('4111');
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((store) => Object.keys(store).map((key) => store.getItem(key)))
      .join('\n'),
  );
  expect(stored).not.toContain('4111111111111111');
  expect(stored).not.toContain('"123"');
});

test('a declined card shows the decline and "Try another card" keeps the billing details', async ({
  page,
}) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fillAll({ ...APPROVED_VISA, number: '4000 0000 0000 0002' });
  await checkout.payButton.click();

  await expect(checkout.resultHeading('Payment declined')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Try another card' }).click();

  await expect(checkout.cardNumber).toBeFocused();
  await expect(checkout.cardNumber).toHaveValue('');
  await expect(checkout.billing.name).toHaveValue(SAO_PAULO_BILLING.name);
  await expect(page.getByLabel('Street')).toHaveValue(SAO_PAULO_BILLING.street);
});

test('a 400 on card_cvv shows next to the CVV and in the alert, and nothing typed is lost', async ({
  page,
}) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fillAll({ ...APPROVED_VISA, number: '4000 0000 0000 0127' });
  await checkout.payButton.click();

  await expect(checkout.alert).toHaveText(/could not accept some details/);
  await expect(checkout.cvv).toHaveAttribute('aria-invalid', 'true');
  // Our words, not the gateway's (English, sometimes echoing what was sent).
  await expect(checkout.cvv).toHaveAccessibleDescription(/did not accept this/);
  await expect(checkout.cvv).toBeFocused();
  await expect(checkout.cardNumber).toHaveValue('4000 0000 0000 0127');
  await expect(checkout.holderName).toHaveValue(APPROVED_VISA.name);
  await expect(checkout.expiry).toHaveValue(APPROVED_VISA.expiry);
  await expect(checkout.cvv).toHaveValue(APPROVED_VISA.cvv);
  await expect(page.getByLabel('City')).toHaveValue(SAO_PAULO_BILLING.city);
  await expectNoAxeViolations(page);
});

test('a network failure is explained and the form is kept for another try', async ({ page }) => {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  // The mock drops the connection for this holder name (docs/shoppers-and-designers/test-cards.md).
  await checkout.fillAll({ ...APPROVED_VISA, name: 'NETWORK ERROR' });
  await checkout.payButton.click();

  await expect(checkout.alert).toHaveText(/could not reach the payment service/);
  await expect(checkout.cardNumber).toHaveValue(APPROVED_VISA.number);
  await expect(checkout.payButton).toBeEnabled();
  await expectNoAxeViolations(page);
});

test.describe('with a slow gateway', () => {
  test.use({ mockSettings: { latencyMs: 2000, pixExpiryMinutes: 30 } });

  test('double click and Enter send exactly one payment request', async ({ page }) => {
    const requests = recordGatewayRequests(page);
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.fillAll();
    await checkout.payButton.dblclick();
    await checkout.cvv.press('Enter');
    await expect(checkout.payButton).toHaveAttribute('aria-busy', 'true');
    // aria-disabled keeps the button focusable; force the click a hurried shopper would make anyway.
    await checkout.payButton.click({ force: true });

    await expect(checkout.resultHeading('Payment approved')).toBeVisible();
    const posts = requests.filter((r) => r.method() === 'POST');
    expect(posts).toHaveLength(1);
  });
});

test('a processing payment polls until the gateway says paid', async ({ page }) => {
  // The page's clock, which the in-page mock gateway reads too: its 4 s of processing pass at once.
  await page.clock.install();
  const requests = recordGatewayRequests(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fillAll({ ...APPROVED_VISA, number: '4000 0000 0000 0119' });
  await checkout.payButton.click();

  await expect(checkout.resultHeading('Payment in progress')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.clock.fastForward('00:05');
  await expect(checkout.resultHeading('Payment approved')).toBeVisible({ timeout: 15_000 });
  expect(requests.filter((r) => r.method() === 'GET').length).toBeGreaterThan(0);
});

test('a payment still processing after 5 minutes stops being checked and says the shop will confirm it', async ({
  page,
}) => {
  await page.clock.install();
  const requests = recordGatewayRequests(page);
  const checks = () => requests.filter((r) => r.method() === 'GET').length;
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  // The mock leaves this card `processing` for good (docs/shoppers-and-designers/test-cards.md).
  await checkout.fillAll({ ...APPROVED_VISA, number: '4000 0000 0000 0135' });
  await checkout.payButton.click();
  await expect(checkout.resultHeading('Payment in progress')).toBeVisible();

  const stopped = checkout.resultHeading('Payment still being processed');
  // Half a minute at a time: each jump lets the next scheduled check run (they are at most 30 s apart).
  await expect(async () => {
    await page.clock.fastForward('00:30');
    await expect(stopped).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 40_000, intervals: [0] });
  await expect(stopped).toBeFocused();
  await expect(page.getByText('The store will confirm it to you once it does')).toBeVisible();
  await expect(page.getByText('Checking the payment status…')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const checked = checks();
  expect(checked).toBeGreaterThan(1);
  expect(checked).toBeLessThanOrEqual(15);

  // No more status checks, however long the page stays open: the jump runs every timer then due (a check's
  // among them), and the barrier sees any request they made.
  await page.clock.fastForward('30:00');
  await networkBarrier(page);
  expect(checks()).toBe(checked);
});

test('when the gateway may have charged the card, the checkout says so and does not offer to pay again', async ({
  page,
}) => {
  const requests = recordGatewayRequests(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  // The mock answers 504 for this holder name, as a proxy would after the gateway took too long.
  await checkout.fillAll({ ...APPROVED_VISA, name: 'GATEWAY TIMEOUT' });
  await checkout.payButton.click();

  await expect(checkout.alert).toHaveText(/could not confirm your payment/);
  await expect(checkout.payButton).toHaveCount(0);
  await checkout.cvv.press('Enter');
  await expectNoAxeViolations(page);
  // A second payment the Enter set going would be on the network before the barrier's marker.
  await networkBarrier(page);
  expect(requests.filter((r) => r.method() === 'POST')).toHaveLength(1);
  // What "I have checked — try again" does, counted at the network: e2e/unknown-outcome.spec.ts.
  await expect(checkout.retryAfterUnknownButton).toBeVisible();
  await expect(checkout.cardNumber).toHaveValue(APPROVED_VISA.number);
});

test('client-side validation names every problem and sends nothing', async ({ page }) => {
  const requests = recordGatewayRequests(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.cardNumber.fill('4111 1111 1111 1112');
  await checkout.expiry.fill('01/20');
  await checkout.payButton.click();

  await expect(page.getByText('This card number is not valid. Check the digits.')).toBeVisible();
  await expect(page.getByText('This card has expired.')).toBeVisible();
  await expect(page.getByText('Enter the CVV.')).toBeVisible();
  // Screen readers hear a summary; sighted users see each message by its field.
  await expect(checkout.alert).toHaveText('Check the 11 highlighted fields.');
  await expect(checkout.cardNumber).toBeFocused();
  expect(requests).toHaveLength(0);
  await expectNoAxeViolations(page);
});
