import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pixRequestSample } from '../../contract/testing/samples.ts';
import type { MerchantReceivable } from '../../contract/receivables.ts';
import { simulateFees } from '../../mock-core/fee-model.ts';
import { cellsOf } from '../../server/test/csv-cells.ts';
import { expectNoAxeViolations, keepScreenshot } from '../fixtures.ts';
import { ConsoleModel } from '../models/console-model.ts';
import { CONSOLE_USERS, SECRET_KEY, SERVER_ORIGIN } from '../server-origins.ts';
import {
  createSession,
  merchantReceivables,
  payPixAtTheBank,
  readReceivables,
  payByCard,
  shoesOrder,
} from './merchant-api.ts';

// Each test reads every captured payment's receivables (the job's pass): one at a time, so the figures one reads
// are not moved by the other's pass.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
/** Today in São Paulo, the receivables' calendar. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** The payment (`pa_…`) of a session. */
async function paymentOf(request: APIRequestContext, sessionId: string): Promise<string> {
  const response = await request.get(`${SERVER_ORIGIN}/api/v1/payments?session=${sessionId}`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
}

/** What lands: the net, or the gross where the gateway gave no fee (PIX). */
const lands = (row: MerchantReceivable) => row.net_amount ?? row.gross_amount;

function money(cents: number, locale: 'pt-BR' | 'en'): string {
  const text = (cents / 100).toFixed(2);
  const [whole = '0', fraction = '00'] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'pt-BR' ? '.' : ',');
  return locale === 'pt-BR' ? `R$\u00a0${grouped},${fraction}` : `R$${grouped}.${fraction}`;
}

for (const viewport of [
  { name: 'phone', width: 360, height: 800, locale: 'pt-BR' as const },
  { name: 'desktop', width: 1280, height: 900, locale: 'en' as const },
]) {
  test(`three payments (1x, 3x, PIX), then the calendar, its CSV and the anticipation (${viewport.name}, ${viewport.locale})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const sessions: string[] = [];
    for (const installments of [1, 3]) {
      const session = await createSession(request, shoesOrder());
      sessions.push(session.id);
      await payByCard(request, session, { extra: { installments, descriptor: session.descriptor } });
    }
    const pixSession = await createSession(request, shoesOrder());
    sessions.push(pixSession.id);
    const pix = await request.post(`${SERVER_ORIGIN}/api/pay/${pixSession.id}/v1/transactions`, {
      data: {
        ...pixRequestSample,
        amount: pixSession.amount,
        shipping: { ...pixRequestSample.shipping, fee: '1000' },
      },
    });
    expect(pix.status(), await pix.text()).toBe(200);
    const pixId = ((await pix.json()) as { id: number }).id;
    await payPixAtTheBank(request, pixId);
    // The shopper's page asks until the payment lands (reads are throttled), as the PIX page does.
    await expect
      .poll(async () => {
        const seen = await request.get(`${SERVER_ORIGIN}/api/pay/${pixSession.id}/v1/transactions/${pixId}`);
        return ((await seen.json()) as { status: string }).status;
      })
      .toBe('paid');
    await readReceivables(request);

    const from = today();
    const window = await merchantReceivables(request, from, addDays(from, 30));
    const ours = window.filter((row) => row.status === 'expected');
    // Ours: the 1x sale, the 3x sale's three installments and the PIX (paid out at once).
    const paymentIds = await Promise.all(sessions.map((id) => paymentOf(request, id)));
    const mine = (await merchantReceivables(request, from, addDays(from, 400))).filter((row) =>
      paymentIds.includes(row.payment_id),
    );
    expect(
      mine.map((row) => `${row.payment_method} ${row.installment}/${row.installments} ${row.status}`).sort(),
    ).toEqual([
      'credit_card 1/1 expected',
      'credit_card 1/3 expected',
      'credit_card 2/3 expected',
      'credit_card 3/3 expected',
      'pix 1/1 paid',
    ]);
    // The 1x sale and the 3x sale's first installment land within the next 30 days (D+30).
    expect(ours.filter((row) => paymentIds.includes(row.payment_id))).toHaveLength(2);
    const expected30 = ours.reduce((sum, row) => sum + lands(row), 0);

    const console = new ConsoleModel(page);
    await console.open();
    await console.logIn(CONSOLE_USERS.staff.email, CONSOLE_USERS.staff.password);
    await console.chooseLanguage(viewport.locale);
    await console.goTo(viewport.locale === 'en' ? /^Receivables$/ : /^Recebíveis$/);
    const next30 = page.getByTestId('window-30-expected');
    await expect(next30.locator('dd').first()).toHaveText(money(expected30, viewport.locale));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `receivables-${viewport.name}.png`);

    // The month of the 1x sale's installment: its day in the grid, and the month's CSV holding its rows.
    const cardDay = mine.find(
      (row) => row.payment_method === 'credit_card' && row.installment === 1,
    )?.expected_on;
    expect(cardDay).toBeDefined();
    const month = (cardDay ?? '').slice(0, 7);
    await page.goto(`/console/receivables?month=${month}`);
    const dayLink = page.locator(`li[data-day="${cardDay}"] a`);
    await expect(dayLink).toBeVisible();
    const monthRows = await merchantReceivables(request, `${month}-01`, addDays(`${month}-01`, 31));
    const inMonth = monthRows.filter((row) => row.expected_on.startsWith(month) && row.status !== 'canceled');
    const csvLink = page.getByRole('link', {
      name:
        viewport.locale === 'en'
          ? 'Export the month as CSV (decimal comma)'
          : 'Exportar CSV do mês (vírgula decimal)',
    });
    const download = page.waitForEvent('download');
    await csvLink.click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const [header = [], ...rows] = lines.map((line) => cellsOf(line, ';'));
    const column = (name: string) => header.indexOf(name);
    const csvNets = rows
      .filter((row) => row[column('status')] !== 'canceled')
      .reduce(
        (sum, row) =>
          sum +
          Math.round(
            Number((row[column('net_amount')] || row[column('gross_amount')] || '0').replace(',', '.')) * 100,
          ),
        0,
      );
    expect(csvNets).toBe(inMonth.reduce((sum, row) => sum + lands(row), 0));
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[column('expected_on')] ?? ''))).toBe(true);
    // When it was paid, on the shop's clock (SHOP_TIME_ZONE, named in the header) as the payments export
    // writes it. The month's card installments are not paid yet (empty cells):
    // server/console/csv-cells.test.ts tests the format.
    const paidAt = column('paid_at (America/Sao_Paulo)');
    expect(paidAt).toBeGreaterThan(-1);
    for (const row of rows) expect(row[paidAt] ?? '').toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2})?$/);
    for (const id of paymentIds.filter((id) => inMonth.some((row) => row.payment_id === id)))
      expect(rows.some((row) => row[column('payment_id')] === id)).toBe(true);

    // The anticipation: the figure shown is the gateway's (the mock's fee simulation of the 3x sale).
    const answer = page.waitForResponse((response) => response.url().endsWith('/receivables/anticipation'));
    await page
      .getByRole('button', { name: viewport.locale === 'en' ? 'Simulate' : 'Simular', exact: true })
      .click();
    const simulated = (await (await answer).json()) as {
      anticipated_amount: number;
      groups: {
        installments: number;
        amount: number;
        entries: { installment: number; anticipated_amount: number }[];
      }[];
    };
    await expect(page.getByTestId('anticipated-amount')).toHaveText(
      money(simulated.anticipated_amount, viewport.locale),
    );
    const sale = simulated.groups.find(
      (group) => group.installments === 3 && group.amount === pixSession.amount /* the same order */,
    );
    const gateway = simulateFees(
      { brand: 'visa', installments: 3, amount: pixSession.amount, fee_responsible: 'merchant' },
      new Date(),
    );
    for (const entry of sale?.entries ?? [])
      expect(entry.anticipated_amount).toBe(
        Math.round((gateway.installments[entry.installment - 1]?.antecipatedAmount ?? 0) * 100),
      );
    expect(sale?.entries.length).toBeGreaterThan(0);
    await expect(
      page.getByText(viewport.locale === 'en' ? /not an offer/ : /não é uma oferta/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `anticipation-${viewport.name}.png`);
  });
}
