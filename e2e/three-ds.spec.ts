import type { Page, Request } from '@playwright/test';
import { ThreeDSBankPage } from './pages/three-ds-bank-page.ts';
import { ThreeDSCheckoutPage } from './pages/three-ds-checkout.ts';
import { ThreeDSReturnPage } from './pages/three-ds-return-page.ts';
import { expect, expectNoAxeViolations, networkBarrier, recordGatewayRequests, test } from './fixtures.ts';
import { APPROVED_VISA, MARIA } from './test-shoppers.ts';

// Whole flows on the in-browser mock with real waits (polling, the bank's page): 30–48 s on a shared
// 2-core CI machine, over the default 45 s; a slow run must not read as a broken checkout.
test.describe.configure({ timeout: 90_000 });

const REFUSED_VISA = { ...APPROVED_VISA, number: '4000 0000 0000 0002' };

interface ThreeDSBody {
  capture: boolean;
  customer: unknown;
  threeDSecure: {
    urlSuccess: string;
    urlFail: string;
    userAgent: string;
    ipAddress: string;
    device: Record<string, unknown>;
  };
}

async function payAndCaptureRequest(checkout: ThreeDSCheckoutPage): Promise<Request> {
  const requestPromise = checkout.page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/transactions'),
  );
  await checkout.payButton.click();
  return requestPromise;
}

/**
 * The mock gateway is a service worker, which page.route cannot see into; the app's own `fetch` is
 * wrapped instead, so the gateway's answer reaches the app with `threeDSecure.url` replaced.
 */
async function forgeChallengeUrl(page: Page, forgedUrl: string): Promise<void> {
  await page.addInitScript((url) => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const target = input instanceof Request ? input.url : String(input);
      if (init?.method !== 'POST' || !target.endsWith('/api/v1/transactions') || !response.ok)
        return response;
      const body = (await response.json()) as { threeDSecure?: { url: string } };
      if (body.threeDSecure) body.threeDSecure.url = url;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
  }, forgedUrl);
}

test.describe('a shopper in Tokyo on a large screen', () => {
  test.use({ timezoneId: 'Asia/Tokyo', screen: { width: 1680, height: 1050 }, locale: 'ja-JP' });

  test('pays with 3DS: real browser data, the bank challenge, and the gateway’s approval', async ({
    page,
  }) => {
    const checkout = new ThreeDSCheckoutPage(page);
    await checkout.gotoThreeDS();
    await checkout.fillAll();
    await checkout.fillCustomer();

    const browser = await page.evaluate(() => ({
      userAgent: navigator.userAgent,
      colorDepth: screen.colorDepth,
      origin: location.origin,
    }));
    // The bank's page answers "204 No Content" the first time, so the browser stays on the
    // "Redirecting" state: it can be checked, and its fallback link used.
    let bankLoads = 0;
    await page.route('**/mock-bank/challenge**', async (route) => {
      bankLoads += 1;
      if (bankLoads === 1) await route.fulfill({ status: 204 });
      else await route.continue();
    });

    const request = await payAndCaptureRequest(checkout);
    const body = request.postDataJSON() as ThreeDSBody;

    expect(body.capture).toBe(false);
    // The customer is the cardholder: the name on the card, typed once; no phone asked (issue 26 item 5).
    expect(body.customer).toEqual({
      name: APPROVED_VISA.name,
      type: 'individual',
      country: 'br',
      email: MARIA.email,
      phone_numbers: [],
      documents: [{ type: 'cpf', number: '52998224725' }],
    });
    expect(body.threeDSecure.device).toEqual({
      colorDepth: String(browser.colorDepth),
      deviceType3ds: 'browser',
      javaEnabled: false,
      language: 'ja-JP',
      screenHeight: 1050,
      screenWidth: 1680,
      timeZoneOffset: 9,
    });
    expect(body.threeDSecure.userAgent).toBe(browser.userAgent);
    expect(body.threeDSecure.ipAddress).toBe('');
    const success = new URL(body.threeDSecure.urlSuccess);
    const fail = new URL(body.threeDSecure.urlFail);
    expect(success.origin + success.pathname).toBe(`${browser.origin}/3ds/return`);
    expect(fail.origin + fail.pathname).toBe(`${browser.origin}/3ds/return`);
    expect(success.searchParams.get('ref')).toMatch(/^[0-9a-f]{32}$/);
    expect(fail.searchParams.get('ref')).toBe(success.searchParams.get('ref'));
    expect(body.threeDSecure.urlSuccess + body.threeDSecure.urlFail).not.toContain('4111');

    await expect(checkout.redirectHeading).toBeVisible();
    await expect(checkout.redirectHeading).toBeFocused();
    await expect.poll(() => bankLoads).toBe(1);
    await expect(checkout.bankLink).toHaveAttribute('href', /\/mock-bank\/challenge\?token=/);
    await expectNoAxeViolations(page);
    // Before leaving, only {reference → transaction id} is kept.
    const session = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(JSON.parse(session)).toEqual({
      'three-ds:returns': expect.stringMatching(/^\{"[0-9a-f]{32}":\d+\}$/),
    });
    // Nothing happened (as far as the shopper can tell): the link takes them to the bank.
    await checkout.bankLink.click();
    // The bank's address carries no language; for a ja-JP browser the app's default, pt-BR, is used.
    const bank = new ThreeDSBankPage(page, 'pt-BR');
    await bank.expectOpen();
    await expectNoAxeViolations(page);
    await bank.authenticateWith('123456');

    const returned = new ThreeDSReturnPage(page);
    await returned.expectAt('success');
    await expect(returned.heading('Payment approved')).toBeVisible();
    await expect(returned.heading('Payment approved')).toBeFocused();
    await expect(page.getByText('Your payment of R$150.90 was approved.')).toBeVisible();
    await expectNoAxeViolations(page);
    const stored = await page.evaluate(() =>
      [localStorage, sessionStorage]
        .flatMap((store) => Object.keys(store).map((key) => store.getItem(key)))
        .join('\n'),
    );
    expect(stored).not.toContain('4111111111111111');
  });
});

test.describe('a shopper in Brasília on a phone', () => {
  test.use({
    timezoneId: 'America/Sao_Paulo',
    screen: { width: 390, height: 844 },
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
  });

  test('a failed challenge comes back to the gateway’s decline', async ({ page }) => {
    const checkout = new ThreeDSCheckoutPage(page);
    await checkout.gotoThreeDS();
    await checkout.fillAll(REFUSED_VISA);
    await checkout.fillCustomer();
    const body = (await payAndCaptureRequest(checkout)).postDataJSON() as ThreeDSBody;
    expect(body.threeDSecure.device).toMatchObject({
      language: 'pt-BR',
      screenWidth: 390,
      screenHeight: 844,
      timeZoneOffset: -3,
    });

    // The bank's address carries no language: it speaks the browser's, Portuguese here.
    const bank = new ThreeDSBankPage(page, 'pt-BR');
    await bank.expectOpen();
    await bank.authenticateWith('654321');

    const returned = new ThreeDSReturnPage(page);
    await returned.expectAt('fail');
    await expect(returned.heading('Payment declined')).toBeVisible();
    await expectNoAxeViolations(page);
    // "Try another card" reopens the same order, with 3DS still required.
    await page.getByRole('link', { name: 'Try another card' }).click();
    await expect(page).toHaveURL(/[?&]threeds=required/);
    await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  });
});

test('a forged success return shows what the gateway says, never the URL’s claim', async ({ page }) => {
  const checkout = new ThreeDSCheckoutPage(page);
  await checkout.gotoThreeDS();
  await checkout.fillAll(REFUSED_VISA);
  await checkout.fillCustomer();
  const body = (await payAndCaptureRequest(checkout)).postDataJSON() as ThreeDSBody;
  const bank = new ThreeDSBankPage(page, 'en');
  await bank.expectOpen();

  // Skipping the bank: the transaction is still open, so no success is shown.
  await page.goto(body.threeDSecure.urlSuccess);
  const returned = new ThreeDSReturnPage(page);
  await expect(returned.heading('Payment in progress')).toBeVisible();
  await expect(returned.heading('Payment approved')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The shopper goes back and cancels (told apart from a decline), then the success URL is tried again.
  await page.goBack();
  await bank.expectOpen();
  await bank.cancel.click();
  await returned.expectAt('fail');
  await expect(returned.heading('Payment cancelled')).toBeVisible();
  await page.goto(body.threeDSecure.urlSuccess);
  await expect(returned.heading('Payment cancelled')).toBeVisible();
  await expect(page.getByText('Payment approved')).toHaveCount(0);
});

test('a return whose payment stays open stops checking after 5 minutes and says the shop will confirm it', async ({
  page,
}) => {
  await page.clock.install();
  const requests = recordGatewayRequests(page);
  const checkout = new ThreeDSCheckoutPage(page);
  await checkout.gotoThreeDS();
  await checkout.fillAll();
  await checkout.fillCustomer();
  const body = (await payAndCaptureRequest(checkout)).postDataJSON() as ThreeDSBody;
  await new ThreeDSBankPage(page, 'en').expectOpen();

  // Back without finishing the challenge: the gateway keeps the payment `processing`.
  await page.goto(body.threeDSecure.urlSuccess);
  const returned = new ThreeDSReturnPage(page);
  await expect(returned.heading('Payment in progress')).toBeVisible();
  const stopped = returned.heading('Payment still being processed');
  await expect(async () => {
    await page.clock.fastForward('00:30');
    await expect(stopped).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 40_000, intervals: [0] });
  await expect(stopped).toBeFocused();
  await expect(page.getByText('The store will confirm it to you once it does')).toBeVisible();
  await expectNoAxeViolations(page);

  const checks = () => requests.filter((r) => r.method() === 'GET').length;
  const checked = checks();
  // The jump runs every timer then due (a check's among them); the barrier sees any request they made.
  await page.clock.fastForward('30:00');
  await networkBarrier(page);
  expect(checks()).toBe(checked);
});

test('a javascript: challenge URL from the gateway is refused and never followed', async ({ page }) => {
  await forgeChallengeUrl(page, 'javascript:window.__followed=true');
  // The preview's CSP stops a followed `javascript:` address before it runs, so `__followed` alone cannot
  // tell one: the violation Chromium reports for it can.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
  });
  const requests = recordGatewayRequests(page);
  const checkout = new ThreeDSCheckoutPage(page);
  await checkout.gotoThreeDS();
  await checkout.fillAll();
  await checkout.fillCustomer();
  const before = page.url();
  await checkout.payButton.click();

  await expect(page.getByRole('heading', { name: 'We could not open your bank’s page' })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot safely open' })).toBeVisible();
  await expect(checkout.bankLink).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The address was refused in the render that shows this heading; the one way to leave, the redirect's
  // effect, ran in the same pass as the effect that focused it. Whatever it queued (a navigation, the CSP's
  // report of one) runs before the barrier's marker leaves.
  await networkBarrier(page);
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => (window as { __followed?: boolean }).__followed)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __violations?: string[] }).__violations)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('three-ds:returns'))).toBeNull();
  expect(requests.filter((r) => r.method() === 'POST')).toHaveLength(1);

  await page.getByRole('button', { name: 'Back to payment' }).click();
  await expect(checkout.cardNumber).toBeFocused();
});

test('a frictionless card is approved by the bank without a code', async ({ page }) => {
  const checkout = new ThreeDSCheckoutPage(page);
  await checkout.gotoThreeDS();
  await checkout.fillAll({ ...APPROVED_VISA, number: '4000 0000 0000 3055' });
  await checkout.fillCustomer();
  await checkout.payButton.click();

  const returned = new ThreeDSReturnPage(page);
  await returned.expectAt('success');
  await expect(returned.heading('Payment approved')).toBeVisible();
});

test('a return with an unknown reference explains itself and leads back to the checkout', async ({
  page,
}) => {
  await page.goto(`/3ds/return?ref=${'0'.repeat(32)}&via=success&lang=en`);
  const returned = new ThreeDSReturnPage(page);
  await expect(returned.heading('We could not find this payment')).toBeVisible();
  await expect(returned.heading('We could not find this payment')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('the 3DS form names missing shopper details and sends nothing', async ({ page }) => {
  const requests = recordGatewayRequests(page);
  const checkout = new ThreeDSCheckoutPage(page);
  await checkout.gotoThreeDS();
  await checkout.fillAll();
  const group = page.getByRole('group', { name: 'Your details' });
  await group.getByLabel('CPF or CNPJ').fill('111.111.111-12');
  await checkout.payButton.click();

  // The name is the card's (typed once): what is missing is the e-mail, and the CPF is wrong.
  await expect(group.getByLabel('Full name')).toHaveCount(0);
  await expect(page.getByText('Enter your email.')).toBeVisible();
  await expect(page.getByText('This CPF or CNPJ is not valid. Check the digits.')).toBeVisible();
  await expect(group.getByLabel('Email')).toBeFocused();
  // Nothing reached the gateway (the CEP's address lookup is the checkout's own).
  expect(requests.filter((r) => !r.url().includes('/api/cep/'))).toHaveLength(0);
});
