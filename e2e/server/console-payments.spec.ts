import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SERVER_ORIGIN } from '../server-origins.ts';
import { createSession, merchantSession, payByCard, shoesOrder } from './merchant-api.ts';

test.describe.configure({ timeout: 90_000 });

const SHOPPER = { name: 'Joana Prado', cpf: '52998224725' };

/**
 * An authorised card payment of a manual-capture session, made as the shopper's browser makes it: the 3DS
 * request to the shopper API, the bank's challenge approved, the page read again (R$ 150,90).
 */
async function authorisedPayment(
  request: APIRequestContext,
): Promise<{ reference: string; sessionId: string; email: string }> {
  // One e-mail per payment: each test finds its own.
  const email = `joana.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const session = await createSession(request, shoesOrder({ capture: 'manual', three_ds: 'required' }));
  const transaction = (await payByCard(request, session, {
    billingName: SHOPPER.name,
    extra: {
      capture: false,
      customer: {
        name: SHOPPER.name,
        type: 'individual',
        country: 'br',
        email,
        phone_numbers: ['+5511987654321'],
        documents: [{ type: 'cpf', number: SHOPPER.cpf }],
      },
      threeDSecure: {
        urlSuccess: `${SERVER_ORIGIN}/pay/${session.id}/3ds?via=success`,
        urlFail: `${SERVER_ORIGIN}/pay/${session.id}/3ds?via=fail`,
        userAgent: 'Mozilla/5.0',
        ipAddress: '',
        device: {
          colorDepth: '24',
          deviceType3ds: 'browser',
          javaEnabled: false,
          language: 'pt-BR',
          screenHeight: 900,
          screenWidth: 600,
          timeZoneOffset: -3,
        },
      },
    },
  })) as { threeDSecure?: { url?: string } };
  const bankUrl = new URL(transaction.threeDSecure?.url ?? '');
  const approved = await request.post(`${SERVER_ORIGIN}/__mock-gateway/mock-bank/challenge`, {
    form: { token: bankUrl.searchParams.get('token') ?? '', decision: 'approve' },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(303);
  // The shopper's page asks the gateway again at most every few seconds: it reads on until authorised.
  await expect
    .poll(
      async () => {
        await request.get(`${SERVER_ORIGIN}/api/pay/${session.id}`);
        return (await merchantSession(request, session.id)).payments?.[0]?.status;
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe('authorized');
  return { reference: session.reference, sessionId: session.id, email };
}

for (const viewport of [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`staff find a payment by reference and by e-mail, capture part of it and refund (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { reference, email } = await authorisedPayment(request);
    const console = new ConsoleModel(page);
    await console.open();
    await expect(console.heading('Log in to the console')).toBeVisible();
    await expectNoAxeViolations(page);
    await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);

    await console.goToPayments();
    await console.search(email);
    await expect(console.rows).toHaveCount(1);
    await expect(console.rows.first()).toContainText(reference);
    await expect(console.rows.first()).toContainText('***.982.247-**');
    await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `console-list-${viewport.name}.png`);

    // The other filters sit behind one button. An amount typed wrong, with the panel closed since, opens it again
    // and says why; a status narrows the list, and the button counts the filters in use.
    await console.search(reference);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await page.getByLabel('Minimum amount (R$)').fill('12,34.5');
    await filters.click();
    await expect(page.getByLabel('Minimum amount (R$)')).toBeHidden();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('Type an amount in reais, such as 10.50.')).toBeVisible();
    await expect(page.getByLabel('Minimum amount (R$)')).toBeFocused();
    await page.getByLabel('Minimum amount (R$)').fill('');
    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('No payment matches these filters.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Status').selectOption('authorized');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(console.rows).toHaveCount(1);
    await expectNoAxeViolations(page);
    await console.openPayment(reference);
    await expect(console.fact('Authorised')).toHaveText('R$150.90');
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByText('Only a captured payment can be refunded.')).toBeVisible();

    await console.operate('Capture', '100.00');
    await expect(console.fact('Captured')).toHaveText('R$100.00');
    await console.operate('Refund', '25.50');
    await expect(console.fact('Refunded')).toHaveText('R$25.50');
    await expect(page.getByRole('button', { name: 'Capture', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `console-payment-${viewport.name}.png`);
  });
}

test('an address with filters, opened afresh, asks the server once for who is logged in and once for the list', async ({
  page,
  request,
}) => {
  const { reference } = await authorisedPayment(request);
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.viewer.email, CONSOLE_USERS.viewer.password);
  // The HTML preloads both (server/http/console-preloads.ts): the browser sends them while it reads the page
  // (initiator "parser", from Chromium's own network log), and the app takes those answers over instead of asking
  // again, so each appears once.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const asked: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ request: sent, initiator }) => {
    const url = new URL(sent.url);
    if (url.pathname.startsWith('/api/console/'))
      asked.push(`${initiator.type} ${url.pathname}${url.search}`);
  });
  const filters = new URLSearchParams({ q: reference, status: 'authorized' });
  await page.goto(`/console/payments?${filters.toString()}`);
  await expect(console.rows).toHaveCount(1);
  await expect(console.rows.first()).toContainText(reference);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  expect(asked.sort()).toEqual(
    [`parser /api/console/me`, `parser /api/console/payments?${filters.toString()}`].sort(),
  );
});

test('a viewer reads in Portuguese and cannot capture; the whole console works from the keyboard', async ({
  page,
  request,
}) => {
  const { reference } = await authorisedPayment(request);
  const console = new ConsoleModel(page);
  await console.open();
  await console.logIn(CONSOLE_USERS.viewer.email, CONSOLE_USERS.viewer.password);
  // Home: today's figures and the 30-day chart.
  await expect(page.getByRole('img', { name: 'Gross per day, last 30 days' })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'console-home-en.png');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // Keyboard only: Tab to "Pagamentos", Enter.
  const paymentsLink = console.nav.getByRole('link', { name: 'Pagamentos' });
  for (let i = 0; i < 10 && !(await paymentsLink.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(console.heading('Pagamentos')).toBeVisible();
  await page.getByRole('searchbox').fill(reference);
  await page.keyboard.press('Enter');
  await expect(console.rows).toHaveCount(1);
  await console.openPayment(reference);
  await expect(page.getByRole('button', { name: 'Capturar', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByText('Seu papel só permite ver.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'console-viewer-pt.png');
  // The filtered list as CSV, read back (pt-BR decimals).
  await page.getByRole('link', { name: 'Pagamentos', exact: true }).click();
  await page.getByRole('searchbox').fill(reference);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(console.rows).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV (vírgula decimal)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  // The Brazilian export: what was sold, statuses and methods in Portuguese, the date on the shop's clock
  // (São Paulo) as a spreadsheet reads it.
  expect(lines[1]).toContain(
    `;${reference};Running shoes;;Autorizado;Cartão de crédito;150,90;0,00;0,00;;;Joana Prado;`,
  );
  expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};/);
  // The session cookie is httpOnly: no script of the page can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('console_session');
  // Log out: the login page, and a reload does not bring the console back.
  await console.logOut();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(console.nav).toBeHidden();
});
