import type { Request } from '@playwright/test';
import { CheckoutPage } from './pages/checkout-page.ts';
import { EN, FeeSimulatorPage, PT_BR } from './pages/fee-simulator-page.ts';
import { expect, expectNoAxeViolations, recordGatewayRequests, test } from './fixtures.ts';

const isSimulation = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/api/v1/simulate/tax');

/** "2026-01-01T00:00:00" as pt-BR or en show it, computed here without any time zone. */
function calendarDay(value: string, locale: 'pt-BR' | 'en'): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return locale === 'pt-BR' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

test('the merchant simulates in pt-BR: the request is spec 2.10 exactly and 12 installments show with totals', async ({
  page,
}) => {
  const simulator = new FeeSimulatorPage(page, PT_BR);
  await simulator.goto('lang=pt-BR');
  await simulator.fill({ brand: 'mastercard', amount: '1.234,56', installments: '12', payer: 'customer' });

  const requestPromise = page.waitForRequest(isSimulation);
  const responsePromise = page.waitForResponse((r) => isSimulation(r.request()));
  await simulator.submit.click();
  const request = await requestPromise;
  expect(request.postDataJSON()).toEqual({
    brand: 'mastercard',
    installments: 12,
    amount: 123456,
    fee_responsible: 'customer',
  });
  const answer = (await (await responsePromise).json()) as {
    grossAmount: number;
    installments: { previsionPaymentDate: string }[];
  };

  await expect(simulator.resultHeading).toBeFocused();
  await expect(simulator.summaryValue('Bandeira')).toHaveText('Mastercard');
  await expect(simulator.summaryValue('Produto')).toHaveText('Crédito 12x');
  await expect(simulator.summaryValue('Valor líquido')).toHaveText(/^R\$\s1\.234,56$/);

  await expect(simulator.bodyRows(simulator.installmentsTable)).toHaveCount(12);
  const totals = simulator.totalsRow();
  await expect(totals).toHaveCount(1);
  await expect(totals.getByRole('rowheader')).toHaveText('Total');
  // The totals row adds the installments up to the summary's gross and net, to the cent.
  const gross = (await simulator.summaryValue('Valor bruto').textContent()) ?? '';
  await expect(totals.getByRole('cell').nth(0)).toHaveText(gross);
  await expect(totals.getByRole('cell').nth(1)).toHaveText(/^R\$\s1\.234,56$/);
  const first = simulator.bodyRows(simulator.installmentsTable).first();
  const firstDate = answer.installments[0]?.previsionPaymentDate ?? '';
  await expect(first.getByRole('cell').first()).toHaveText(calendarDay(firstDate, 'pt-BR'));

  await expect(page.getByRole('img', { name: 'Recebíveis ao longo do tempo' })).toBeVisible();
  await expect(page).toHaveURL(
    /\/simulator\?lang=pt-BR&brand=mastercard&amount=123456&installments=12&fees=customer$/,
  );
  await expectNoAxeViolations(page);
});

test.describe('in a time zone a day behind São Paulo', () => {
  test.use({ timezoneId: 'Pacific/Pago_Pago' });

  test('a shared link reproduces the simulation, dates on the same calendar day', async ({
    page,
    browser,
  }) => {
    const simulator = new FeeSimulatorPage(page);
    await simulator.goto();
    await simulator.fill({ brand: 'elo', amount: '1,900.50', installments: '3', payer: 'merchant' });
    await simulator.submit.click();
    await expect(simulator.bodyRows(simulator.installmentsTable)).toHaveCount(3);
    const net = (await simulator.summaryValue('Net amount').textContent()) ?? '';
    const link = page.url();
    expect(link).toContain('brand=elo&amount=190050&installments=3&fees=merchant');

    // Someone else opens the link: the same form values and the same figures, with no typing.
    const other = await browser.newPage({ timezoneId: 'Pacific/Kiritimati', locale: 'en-US' });
    const responsePromise = other.waitForResponse((r) => isSimulation(r.request()));
    await other.goto(link);
    const answer = (await (await responsePromise).json()) as {
      installments: { previsionPaymentDate: string }[];
    };
    const shared = new FeeSimulatorPage(other);
    await expect(shared.amount).toHaveValue('1,900.50');
    await expect(shared.brand).toHaveValue('elo');
    await expect(shared.installments).toHaveValue('3');
    await expect(shared.summaryValue('Net amount')).toHaveText(net);
    const dates = shared.bodyRows(shared.installmentsTable).locator('td:first-of-type');
    await expect(dates).toHaveText(answer.installments.map((i) => calendarDay(i.previsionPaymentDate, 'en')));
    await other.close();

    // And a reload of the original page.
    await page.reload();
    await expect(simulator.summaryValue('Net amount')).toHaveText(net);
    await expect(simulator.bodyRows(simulator.installmentsTable).locator('td:first-of-type')).toHaveText(
      answer.installments.map((i) => calendarDay(i.previsionPaymentDate, 'en')),
    );
  });
});

test.describe('with a slow gateway', () => {
  test.use({ mockSettings: { latencyMs: 1200, pixExpiryMinutes: 30 } });

  test('the 1–12 comparison loads row by row from cached queries, without a request storm', async ({
    page,
  }) => {
    const seen = recordGatewayRequests(page);
    const simulator = new FeeSimulatorPage(page);
    await simulator.goto('lang=en&brand=visa&amount=10000&installments=3&fees=customer');
    await expect(simulator.comparisonTable).toBeVisible();
    const rows = simulator.bodyRows(simulator.comparisonTable);
    await expect(rows).toHaveCount(12);
    // Rows still waiting say so, each on its own.
    await expect(rows.filter({ hasText: 'Loading…' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Loading…' })).toHaveCount(0, { timeout: 20_000 });

    await expect(rows.nth(2)).toContainText('(this simulation)');
    // The customer pays: the store nets the same amount at every count, while the gross grows.
    for (let i = 0; i < 12; i++) await expect(rows.nth(i).getByRole('cell').nth(1)).toHaveText('R$100.00');
    const grossOf = async (index: number) =>
      Number(((await rows.nth(index).getByRole('cell').nth(0).textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(await grossOf(11)).toBeGreaterThan(await grossOf(0));

    // One request per installment count: the 3x result and the 3x row share one.
    const simulations = () => seen.filter(isSimulation);
    expect(simulations()).toHaveLength(12);
    expect(new Set(simulations().map((r) => r.postData())).size).toBe(12);

    // Switching language re-renders from the cache.
    await page.getByLabel('Language').selectOption('pt-BR');
    await expect(page.getByRole('table', { name: PT_BR.comparisonTable })).toBeVisible();
    await expect(
      page.getByRole('table', { name: PT_BR.comparisonTable }).locator('tbody tr').first(),
    ).toContainText('R$ 100,00');
    expect(simulations()).toHaveLength(12);
    await expectNoAxeViolations(page);
  });
});

test('the form explains what is wrong, in the merchant’s language, and sends nothing', async ({ page }) => {
  const seen = recordGatewayRequests(page);
  const simulator = new FeeSimulatorPage(page, EN);
  await simulator.goto();
  await simulator.amount.fill('1.234,56');
  await simulator.submit.click();
  await expect(page.getByText('Enter the amount in reais, like 1,234.56.')).toBeVisible();
  await expect(simulator.amount).toHaveAttribute('aria-invalid', 'true');
  await simulator.amount.fill('');
  await simulator.submit.click();
  await expect(page.getByText('Enter the amount.')).toBeVisible();
  expect(seen.filter(isSimulation)).toHaveLength(0);
  await expectNoAxeViolations(page);
});

test("a shopper's header has no merchant tools and no link off the order; the simulator keeps its own", async ({
  page,
}) => {
  await page.goto('/?lang=pt-BR&amount=15090');
  await expect(page.getByLabel('Número do cartão')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link')).toHaveCount(0);
  await expect(header.getByText('Pagamento seguro')).toBeVisible();
  await expect(header.getByRole('combobox', { name: 'Idioma' })).toBeVisible();

  await page.goto('/simulator?lang=pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Simulador de taxas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Simulador de taxas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('when the customer pays the fees, each installment shows its amount and total from the simulation', async ({
  page,
}) => {
  const seen = recordGatewayRequests(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto('lang=en&amount=10000&installments=3&fees=customer');
  // Visa until the number names a network: 3x is 10000 / (1 − 2.83 %) = 10291 cents, 34.31 + 34.30 + 34.30.
  await expect(checkout.installments.locator('option')).toHaveText([
    '1x R$102.24',
    '2x R$51.29 (R$102.57)',
    '3x R$34.31 (R$102.91)',
  ]);
  await checkout.cardNumber.fill('5555 5555 5555 4444');
  // Mastercard: 10000 / (1 − 2.97 %) = 10306 cents.
  await expect(checkout.installments.locator('option').nth(2)).toHaveText('3x R$34.36 (R$103.06)');
  const bodies = seen.filter(isSimulation).map((r) => r.postDataJSON() as Record<string, unknown>);
  expect(bodies).toContainEqual({
    brand: 'mastercard',
    installments: 3,
    amount: 10000,
    fee_responsible: 'customer',
  });
  expect(JSON.stringify(bodies)).not.toContain('5555');
});

test('when the store pays the fees, installments stay "no interest" and nothing is simulated', async ({
  page,
}) => {
  const seen = recordGatewayRequests(page);
  const checkout = new CheckoutPage(page);
  await checkout.goto('lang=en&amount=10000&installments=3&fees=merchant');
  await expect(checkout.installments.locator('option').nth(2)).toHaveText('3x R$33.33 (no interest)');
  expect(seen.filter(isSimulation)).toHaveLength(0);
});
