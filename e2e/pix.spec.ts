import type { Page, Response } from '@playwright/test';
import { PixCheckoutPage } from './pages/pix-checkout-page.ts';
import { PixPaymentPage } from './pages/pix-payment-page.ts';
import {
  E2E_MOCK_SETTINGS,
  expect,
  expectNoAxeViolations,
  networkBarrier,
  recordGatewayRequests,
  test,
} from './fixtures.ts';
import { MARIA, SAO_PAULO } from './test-shoppers.ts';

// Whole flows on the in-browser mock with real waits (polling, the bank's page): 30–48 s on a shared
// 2-core CI machine, over the default 45 s; a slow run must not read as a broken checkout.
test.describe.configure({ timeout: 90_000 });

interface CreatedPix {
  id: number;
  pix_qr_code: string;
  pix_expiration_date: string;
}

function isCreation(response: Response): boolean {
  return response.request().method() === 'POST' && response.url().endsWith('/api/v1/transactions');
}

/** Fills the form, asks for a code and returns what the gateway answered. */
async function generateCode(page: Page, query = 'lang=en'): Promise<CreatedPix> {
  const checkout = new PixCheckoutPage(page);
  await checkout.goto(query);
  await checkout.fillAll();
  const created = page.waitForResponse(isCreation);
  await checkout.submit.click();
  const body = (await (await created).json()) as CreatedPix;
  await expect(new PixPaymentPage(page).heading(/^Pay R\$.* with PIX$/)).toBeFocused();
  return body;
}

async function openDesignerPanel(page: Page): Promise<void> {
  await page.getByText('Mock gateway · test cards').click();
}

test('the PIX form sends the spec 2.1 PIX body, with the delivery when the order has one', async ({
  page,
}) => {
  const checkout = new PixCheckoutPage(page);
  await checkout.goto('lang=en&amount=16590&description=Running%20shoes&shipping=1500');
  await expectNoAxeViolations(page);
  await checkout.fillShopper();
  await checkout.fillBilling('Maria S. Silva');
  await checkout.fillDelivery('João Souza', {
    zipcode: '20040-002',
    street: 'Rua da Assembleia',
    number: '10',
    neighborhood: '',
    city: 'Rio de Janeiro',
    state: 'RJ',
  });

  const requestPromise = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/transactions'),
  );
  await checkout.submit.click();
  const request = await requestPromise;

  expect(request.headers().authorization).toBeUndefined();
  expect(request.postDataJSON()).toEqual({
    payment_method: 'pix',
    amount: 16590,
    customer: {
      name: MARIA.name,
      type: 'individual',
      country: 'br',
      email: MARIA.email,
      // Not asked unless the session says so (issue 26 item 5).
      phone_numbers: [],
      documents: [{ type: 'cpf', number: '52998224725' }],
    },
    billing: {
      name: 'Maria S. Silva',
      address: {
        country: 'br',
        street: SAO_PAULO.street,
        street_number: SAO_PAULO.number,
        zipcode: '01310100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
      },
    },
    shipping: {
      name: 'João Souza',
      fee: '1500',
      address: {
        street: 'Rua da Assembleia',
        street_number: '10',
        zipcode: '20040002',
        country: 'br',
        state: 'RJ',
        city: 'Rio de Janeiro',
      },
    },
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Pay R$165.90 with PIX' })).toBeVisible();
});

test('an order without delivery sends no shipping, and missing details are named before sending', async ({
  page,
}) => {
  const requests = recordGatewayRequests(page);
  const checkout = new PixCheckoutPage(page);
  await checkout.goto();
  await checkout.submit.click();
  await expect(page.getByText('Enter your CPF or CNPJ.')).toBeVisible();
  await expect(page.getByText('Enter the CEP.')).toBeVisible();
  expect(requests).toHaveLength(0);
  await expectNoAxeViolations(page);

  await checkout.fillAll();
  const requestPromise = page.waitForRequest((r) => r.method() === 'POST');
  await checkout.submit.click();
  expect((await requestPromise).postDataJSON()).not.toHaveProperty('shipping');
});

test('the QR code decodes to exactly pix_qr_code, and "Copy code" puts it on the clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const created = await generateCode(page);
  const payment = new PixPaymentPage(page);

  expect(created.pix_qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  expect(await payment.decodeQr()).toBe(created.pix_qr_code);
  await expect(payment.code).toHaveValue(created.pix_qr_code);
  await expect(payment.code).toHaveAttribute('readonly', '');

  await payment.copyButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.pix_qr_code);
  await expectNoAxeViolations(page);
});

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the countdown still shows the full 30 minutes (the expiry is read as São Paulo time)', async ({
    page,
  }) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    await generateCode(page);
    const payment = new PixPaymentPage(page);
    // Read as Tokyo wall time, the expiry would be 12 hours in the past and the code shown as expired.
    const left = await payment.secondsLeft();
    expect(left).toBeGreaterThan(29 * 60 + 45);
    expect(left).toBeLessThanOrEqual(30 * 60);
    await expect(payment.progress).toHaveAttribute('aria-valuenow', /^(99|100)$/);
  });
});

/**
 * The mock gateway runs inside the page, so faking the page's clock would move the gateway's clock
 * (its Date header and the expiry it writes) along with the device's, and no skew would exist. The
 * mock's `deviceClockAheadMinutes` setting puts the gateway back on true time: its clock reads the
 * device clock minus the offset. So here the device is 10 minutes off while the gateway is right.
 * Counting against the device clock would show 20:00 (fast device) or 40:00 (slow device); the
 * correction from the Date header must show 30:00 in both cases.
 */
for (const offsetMinutes of [10, -10]) {
  test.describe(`with the device clock ${Math.abs(offsetMinutes)} minutes ${offsetMinutes > 0 ? 'fast' : 'slow'}`, () => {
    const settings = { ...E2E_MOCK_SETTINGS, deviceClockAheadMinutes: offsetMinutes };
    test.use({ mockSettings: settings });

    test('the countdown shows the true time left', async ({ page }) => {
      const trueNow = Date.now();
      await page.clock.install({ time: trueNow + offsetMinutes * 60_000 });
      const created = await generateCode(page);
      const payment = new PixPaymentPage(page);

      // The gateway wrote its expiry 30 minutes after true now, in São Paulo time. (Bounds from the clock
      // read before and after, not a fixed margin: on a loaded machine generating the code can take seconds.)
      const generated = Date.now();
      const expiresUtc = Date.parse(`${created.pix_expiration_date.replace(' ', 'T')}-03:00`);
      expect(expiresUtc).toBeGreaterThanOrEqual(trueNow + 30 * 60_000 - 1_000);
      expect(expiresUtc).toBeLessThanOrEqual(generated + 30 * 60_000 + 1_000);

      // Off by the device's 10 minutes, it would read 20:00 or 40:00.
      const left = await payment.secondsLeft();
      const elapsed = (Date.now() - trueNow) / 1000;
      expect(left).toBeGreaterThan(30 * 60 - elapsed - 5);
      expect(left).toBeLessThanOrEqual(30 * 60);
    });
  });
}

test('waiting → paid by polling once the bank pays (designer "Simulate payment")', async ({ page }) => {
  // The page's clock (running in step with real time until the end), so "no more checks" is its jump.
  await page.clock.install();
  const requests = recordGatewayRequests(page);
  const created = await generateCode(page);
  const payment = new PixPaymentPage(page);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for your payment…' })).toBeVisible();
  await expectNoAxeViolations(page);

  await openDesignerPanel(page);
  await page.getByRole('combobox', { name: 'Code' }).selectOption(String(created.id));
  await page.getByRole('button', { name: 'Simulate payment' }).click();

  await expect(payment.heading('Payment received')).toBeVisible({ timeout: 10_000 });
  await expect(payment.heading('Payment received')).toBeFocused();
  await expect(page.getByText('We received your PIX payment of R$150.90. Thank you!')).toBeVisible();
  const polls = requests.filter(
    (r) => r.method() === 'GET' && r.url().endsWith(`/api/v1/transactions/${created.id}`),
  );
  expect(polls.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // Settled: no more status checks, however long the page stays open (past the code's expiry too, when an
  // open code is checked once more). The jump runs every timer then due, a poll's among them.
  const settled = polls.length;
  await page.clock.fastForward('31:00');
  await networkBarrier(page);
  // (The CEP typed in the form was looked up once: a GET, but not a status check.)
  const statusChecks = requests.filter((r) => r.method() === 'GET' && r.url().includes('/v1/transactions'));
  expect(statusChecks.length).toBe(settled);
});

test('when the countdown ends the code is expired, and "Generate a new code" issues another', async ({
  page,
}) => {
  await page.clock.install();
  const requests = recordGatewayRequests(page);
  const first = await generateCode(page);
  const payment = new PixPaymentPage(page);

  await page.clock.fastForward('30:01');
  await expect(payment.heading('This PIX code has expired')).toBeVisible();
  await expect(payment.heading('This PIX code has expired')).toBeFocused();
  await expect(payment.qrImage).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Generate a new code' }).click();
  await expect(payment.heading('Pay R$150.90 with PIX')).toBeFocused();
  const posts = requests.filter((r) => r.method() === 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[1]?.postDataJSON()).toEqual(posts[0]?.postDataJSON());
  await expect(payment.code).not.toHaveValue(first.pix_qr_code);
  expect(await payment.secondsLeft()).toBeGreaterThan(29 * 60 + 45);
});

test('"Expire now" in the designer panel ends the code on the next poll', async ({ page }) => {
  await generateCode(page);
  await openDesignerPanel(page);
  await page.getByRole('button', { name: 'Expire now' }).click();
  await expect(new PixPaymentPage(page).heading('This PIX code has expired')).toBeVisible({
    timeout: 10_000,
  });
});

test('a refused PIX says so and "Try again" returns to the filled form', async ({ page }) => {
  await generateCode(page);
  await openDesignerPanel(page);
  await page.getByRole('button', { name: 'Refuse' }).click();
  const payment = new PixPaymentPage(page);
  await expect(payment.heading('Payment not completed')).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Try again' }).click();
  const checkout = new PixCheckoutPage(page);
  await expect(checkout.form).toBeVisible();
  await expect(checkout.form.getByLabel('Email')).toHaveValue(MARIA.email);
});
