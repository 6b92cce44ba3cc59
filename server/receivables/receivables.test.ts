import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payPix } from '../../mock-core/gateway.ts';
import { openPostgres } from '../db/open-database.ts';
import { RECEIVABLES_JOB_READS } from '../rate-limit/metering.ts';
import { hitAll } from '../rate-limit/rate-limit.ts';
import { attemptOf } from '../test/lifecycle-helpers.ts';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';
import {
  consoleAnticipationSchema,
  consoleReceivableCalendarSchema,
} from '../../contract/console/console-receivables.ts';
import { forecastDate, mdrFor, simulateFees } from '../../mock-core/fee-model.ts';
import { createConsoleUser, logInAs } from '../test/console-helpers.ts';
import { readReceivablesOnce } from './read-receivables.ts';
import { addDays, saoPauloDay } from './receivable-dates.ts';
import { receivablesOfAttempt, readSchedule } from './receivable-repository.ts';

const DAY_MS = 86_400_000;

describe.each(BOTH_DRIVERS)('receivables kept from the gateway (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp, database: TestDatabase;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ gateway, t, database } = s));

  /** R$ 300,00: R$ 285,00 of goods and R$ 15,00 of delivery. */
  const items = [{ title: 'Bicicleta', unit_price: 28_500, quantity: 1, tangible: true }];
  async function payCard(installments: number) {
    const session = await createTestSession(t.app, { items, max_installments: 12 });
    const paid = await call(t.app, 'POST', `/api/pay/${session.id}/v1/transactions`, {
      body: cardPayment({ installments, amount: session.amount, items }),
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    return attemptOf(database.db, session.id);
  }

  const installmentReads = () =>
    gateway.requests.filter((request) => request.path.endsWith('/installments')).length;

  async function receivableEvents(): Promise<Record<string, unknown>[]> {
    const rows = await database.db.execute(
      sql`select payload from outbox_events where type = 'receivable.paid' order by created_at, id`,
    );
    const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
    return (list as { payload: { data: { object: Record<string, unknown> } } }[]).map(
      (row) => row.payload.data.object,
    );
  }

  it('a 3x card payment yields 3 receivables with the gateway’s dates, fees and nets; paid as their days come', async () => {
    const attempt = await payCard(3);
    expect(attempt.status).toBe('paid');
    gateway.clearRequests();
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 1, read: 1, failed: 0 });
    expect(installmentReads()).toBe(1);

    const rows = await receivablesOfAttempt(database.db, attempt.id);
    const mdr = mdrFor('visa', 3);
    const sale = new Date(attempt.createdAt);
    expect(rows.map((row) => row.expectedOn)).toEqual(
      [1, 2, 3].map((n) => forecastDate(sale, n).slice(0, 10)),
    );
    expect(rows.map((row) => row.grossAmount)).toEqual([10_000, 10_000, 10_000]);
    const fee = Math.round((10_000 * mdr) / 100);
    expect(rows.map((row) => [row.feeAmount, row.netAmount, row.status])).toEqual([
      [fee, 10_000 - fee, 'expected'],
      [fee, 10_000 - fee, 'expected'],
      [fee, 10_000 - fee, 'expected'],
    ]);
    expect(rows.every((row) => row.cardBrand === 'visa' && row.installments === 3)).toBe(true);

    // Not due again before the first installment's morning: a second pass reads nothing.
    gateway.clearRequests();
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 0 });
    expect(installmentReads()).toBe(0);

    // 31 days on (gateway and server): the first installment is paid, announced once.
    gateway.advance(31 * DAY_MS);
    t.clock.offsetMs = 31 * DAY_MS;
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ read: 1 });
    const after = await receivablesOfAttempt(database.db, attempt.id);
    expect(after.map((row) => row.status)).toEqual(['paid', 'expected', 'expected']);
    expect(after[0]?.gatewayStatus).toBe('paid');
    const events = await receivableEvents();
    expect(events).toEqual([
      expect.objectContaining({
        object: 'receivable',
        payment_id: attempt.id,
        installment: 1,
        installments: 3,
        status: 'paid',
        gross_amount: 10_000,
        fee_amount: fee,
        net_amount: 10_000 - fee,
        fee_known: true,
        expected_on: rows[0]?.expectedOn,
      }),
    ]);
    // A read that finds nothing new announces nothing again.
    t.clock.offsetMs = 40 * DAY_MS;
    gateway.advance(9 * DAY_MS);
    await readReceivablesOnce(t.deps);
    expect(await receivableEvents()).toHaveLength(1);
  });

  it('a partial refund changes them as the gateway reports (off the last installments); a full one cancels', async () => {
    const attempt = await payCard(3);
    await readReceivablesOnce(t.deps);
    const refund = await call(t.app, 'POST', `/api/v1/payments/${attempt.id}/refund`, {
      key: TEST_KEY,
      body: { amount: 12_000 },
      headers: { 'idempotency-key': 'r1' },
    });
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    // The refund changed the payment: it is due again at once, whatever its schedule said.
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ read: 1 });
    let rows = await receivablesOfAttempt(database.db, attempt.id);
    expect(rows.map((row) => [row.grossAmount, row.status])).toEqual([
      [10_000, 'expected'],
      [8_000, 'expected'],
      [0, 'canceled'],
    ]);
    expect(rows[1]?.netAmount).toBe(8_000 - Math.round((8_000 * mdrFor('visa', 3)) / 100));

    const rest = await call(t.app, 'POST', `/api/v1/payments/${attempt.id}/refund`, {
      key: TEST_KEY,
      body: {},
      headers: { 'idempotency-key': 'r2' },
    });
    expect(rest.status, JSON.stringify(rest.json)).toBe(200);
    await readReceivablesOnce(t.deps);
    rows = await receivablesOfAttempt(database.db, attempt.id);
    expect(rows.map((row) => row.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect((await readSchedule(database.db, attempt.id))?.nextReadAt).toBeNull();
  });

  it('a PIX payment is one receivable on its settlement day, fee unknown, with no gateway read', async () => {
    const session = await createTestSession(t.app);
    const created = (
      await call(t.app, 'POST', `/api/pay/${session.id}/v1/transactions`, { body: pixPayment() })
    ).json as { id: number };
    payPix(String(created.id), Date.now());
    await call(t.app, 'GET', `/api/pay/${session.id}/v1/transactions/${created.id}`);
    const attempt = await attemptOf(database.db, session.id);
    expect(attempt.status).toBe('paid');
    gateway.clearRequests();
    await readReceivablesOnce(t.deps);
    expect(installmentReads()).toBe(0);
    const rows = await receivablesOfAttempt(database.db, attempt.id);
    expect(rows).toEqual([
      expect.objectContaining({
        installment: 1,
        installments: 1,
        paymentMethod: 'pix',
        grossAmount: attempt.capturedAmount,
        feeAmount: null,
        netAmount: null,
        status: 'paid',
      }),
    ]);
    expect(await receivableEvents()).toEqual([
      expect.objectContaining({ payment_method: 'pix', fee_known: false, status: 'paid' }),
    ]);
    expect((await readSchedule(database.db, attempt.id))?.nextReadAt).toBeNull();
  });

  it('survives a gateway outage: backs off, keeps what it had, reads again once the gateway is back', async () => {
    const attempt = await payCard(2);
    gateway.setFault('installments-down');
    gateway.clearRequests();
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 1, read: 0, failed: 1 });
    expect(await receivablesOfAttempt(database.db, attempt.id)).toEqual([]);
    const schedule = await readSchedule(database.db, attempt.id);
    expect(schedule?.failures).toBe(1);
    expect(schedule?.lastError).toMatch(/server|network/);
    // Not asked again before the back-off ends (no hammering a gateway that is down).
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 0 });
    t.clock.offsetMs = 61_000;
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ failed: 1 });
    expect((await readSchedule(database.db, attempt.id))?.failures).toBe(2);
    // The second delay doubles.
    t.clock.offsetMs = 61_000 + 61_000;
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 0 });
    gateway.setFault(undefined);
    t.clock.offsetMs = 61_000 + 121_000;
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ read: 1 });
    expect(await receivablesOfAttempt(database.db, attempt.id)).toHaveLength(2);
    expect((await readSchedule(database.db, attempt.id))?.failures).toBe(0);
    expect(installmentReads()).toBe(3);
  });

  it('two instances at once read each payment once', async () => {
    for (let n = 0; n < 6; n += 1) await payCard(n % 3 === 0 ? 1 : 3);
    gateway.clearRequests();
    const second = database.url ? await openPostgres(database.url, 5) : undefined;
    try {
      const other = { ...t.deps, db: second?.db ?? database.db };
      const passes = await Promise.all([
        readReceivablesOnce(t.deps, { batchSize: 4 }),
        readReceivablesOnce(other, { batchSize: 4 }),
        readReceivablesOnce(t.deps, { batchSize: 4 }),
      ]);
      const read = passes.reduce((sum, pass) => sum + pass.read, 0);
      expect(read).toBe(6);
      expect(installmentReads()).toBe(6);
      const reads = gateway.requests.filter((request) => request.path.endsWith('/installments'));
      expect(new Set(reads.map((request) => request.path)).size).toBe(6);
    } finally {
      await second?.close();
    }
  });

  it('its reads are metered across instances: over the pace, the rest waits for a later pass', async () => {
    // The job's window is a fixed minute of the clock: the test starts at the start of one, so filling it and the
    // pass after stay in the same window however slowly a loaded machine runs them (it failed at a minute's edge).
    const windowStart =
      Math.ceil(Date.now() / RECEIVABLES_JOB_READS.windowMs) * RECEIVABLES_JOB_READS.windowMs;
    t.clock.offsetMs = windowStart - Date.now();
    const base = t.clock.offsetMs;
    for (let n = 0; n < 3; n += 1) await payCard(3);
    // Fill the job's window (shared by every instance: it is in the database) to one short of its limit.
    for (let n = 0; n < RECEIVABLES_JOB_READS.max - 1; n += 1)
      await hitAll(database.db, [{ key: 'receivables-job', limit: RECEIVABLES_JOB_READS }], t.deps.now());
    gateway.clearRequests();
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ claimed: 3, read: 1, deferred: 2 });
    expect(installmentReads()).toBe(1);
    t.clock.offsetMs = base + 61_000;
    expect(await readReceivablesOnce(t.deps)).toMatchObject({ read: 2 });
  });

  it('GET /api/v1/receivables: by day, filtered by range, status and method, paged by cursor; clear 400s', async () => {
    const card = await payCard(3);
    const session = await createTestSession(t.app);
    const created = (
      await call(t.app, 'POST', `/api/pay/${session.id}/v1/transactions`, { body: pixPayment() })
    ).json as { id: number };
    payPix(String(created.id), Date.now());
    await call(t.app, 'GET', `/api/pay/${session.id}/v1/transactions/${created.id}`);
    await readReceivablesOnce(t.deps);
    const list = async (query: string) =>
      call(t.app, 'GET', `/api/v1/receivables${query}`, { key: TEST_KEY });

    const all = await list('');
    expect(all.status).toBe(200);
    const body = all.json as { data: { payment_id: string; expected_on: string; payment_method: string }[] };
    expect(body.data).toHaveLength(4);
    const days = body.data.map((row) => row.expected_on);
    expect(days).toEqual([...days].sort());

    const cards = (await list('?payment_method=credit_card&status=expected')).json as typeof body;
    expect(cards.data.map((row) => row.payment_id)).toEqual([card.id, card.id, card.id]);
    const pix = (await list('?payment_method=pix')).json as typeof body;
    expect(pix.data).toHaveLength(1);

    const second = cards.data[1]?.expected_on ?? '';
    const ranged = (await list(`?from=${second}&to=${second}`)).json as typeof body;
    expect(ranged.data.map((row) => row.expected_on)).toEqual([second]);

    const first = (await list('?limit=3')).json as typeof body & { has_more: boolean; next_cursor: string };
    expect(first.has_more).toBe(true);
    const rest = (await list(`?limit=3&starting_after=${first.next_cursor}`)).json as typeof body & {
      has_more: boolean;
      next_cursor: null;
    };
    expect([...first.data, ...rest.data]).toEqual(body.data);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });

    for (const [query, parameter] of [
      ['?from=2026-02-30', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'from'],
      ['?from=2026-01-01&to=2028-01-01', 'to'],
      ['?status=lost', 'status'],
      ['?payment_method=cash', 'payment_method'],
      ['?limit=0', 'limit'],
      ['?starting_after=nope', 'starting_after'],
    ] as const) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect(bad.json, query).toMatchObject({ errors: [{ parameter_name: parameter }] });
    }
    expect((await call(t.app, 'GET', '/api/v1/receivables')).status).toBe(401);
  });

  it('the console: calendar with 7/30/90-day totals, CSV with local days, anticipation = the gateway’s figures; staff and owners only', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const viewer = await logInAs(t.app, 'caio@loja.test');
    const card3 = await payCard(3);
    const card1 = await payCard(1);
    await readReceivablesOnce(t.deps);
    const rows = [
      ...(await receivablesOfAttempt(database.db, card3.id)),
      ...(await receivablesOfAttempt(database.db, card1.id)),
    ];
    const today = saoPauloDay(t.deps.now());
    const in30 = rows.filter((row) => row.expectedOn <= addDays(today, 30));
    const in90 = rows.filter((row) => row.expectedOn <= addDays(today, 90));
    const from = today;
    const to = addDays(today, 120);

    const calendar = await owner.call('GET', `/api/console/receivables/calendar?from=${from}&to=${to}`);
    expect(calendar.status, JSON.stringify(calendar.json)).toBe(200);
    const body = consoleReceivableCalendarSchema.parse(calendar.json);
    const window = (days: number) => body.windows.find((entry) => entry.days === days);
    const sum = (list: typeof rows, key: 'grossAmount' | 'netAmount' | 'feeAmount') =>
      list.reduce((total, row) => total + (row[key] ?? 0), 0);
    expect(window(30)?.expected).toEqual({
      count: in30.length,
      gross: sum(in30, 'grossAmount'),
      fee: sum(in30, 'feeAmount'),
      net: sum(in30, 'netAmount'),
      fee_unknown: 0,
      amount: sum(in30, 'netAmount'),
    });
    expect(window(90)?.expected.net).toBe(sum(in90, 'netAmount'));
    expect(window(7)?.expected.count).toBe(0);
    expect(body.groups.reduce((total, group) => total + group.net, 0)).toBe(sum(rows, 'netAmount'));
    expect(
      body.groups.every((group) => group.card_brand === 'visa' && group.payment_method === 'credit_card'),
    ).toBe(true);

    const csv = await owner.call(
      'GET',
      `/api/console/receivables/export.csv?from=${from}&to=${to}&decimal=comma`,
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.json)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['expected_on', 'status', 'payment_method']);
    // paid_at is written on the shop's clock (SHOP_TIME_ZONE), as the payments export writes its dates.
    expect(lines[0]?.split(';')[10]).toBe(`paid_at (${t.deps.env.SHOP_TIME_ZONE})`);
    expect(lines).toHaveLength(rows.length + 1);
    const first = rows.toSorted((a, b) => a.expectedOn.localeCompare(b.expectedOn))[0];
    expect(lines[1]?.split(';')[0]).toBe(first?.expectedOn);
    expect(lines.slice(1).map((line) => line.split(';')[8])).toContain(
      ((first?.netAmount ?? 0) / 100).toFixed(2).replace('.', ','),
    );

    gateway.clearRequests();
    const anticipation = await owner.call('POST', '/api/console/receivables/anticipation', {
      body: { from, to },
    });
    expect(anticipation.status, JSON.stringify(anticipation.json)).toBe(200);
    const figures = consoleAnticipationSchema.parse(anticipation.json);
    const asked = (installments: number) =>
      simulateFees(
        { brand: 'visa', installments, amount: 30_000, fee_responsible: 'merchant' },
        new Date(card3.createdAt),
      );
    const expectedAnticipated =
      asked(3).installments.reduce((total, entry) => total + Math.round(entry.antecipatedAmount * 100), 0) +
      Math.round((asked(1).installments[0]?.antecipatedAmount ?? 0) * 100);
    expect(figures.anticipated_amount).toBe(expectedAnticipated);
    expect(figures.receivables).toBe(4);
    expect(figures.cost).toBe(figures.net_amount - figures.anticipated_amount);
    expect(figures.groups.flatMap((group) => group.entries.map((entry) => entry.anticipation_rate))).toEqual(
      expect.arrayContaining(asked(3).installments.map((entry) => entry.antecipationRate)),
    );
    expect(gateway.requests.filter((request) => request.path === '/v1/simulate/tax')).toHaveLength(2);
    // Cached: the same range asks the gateway nothing more.
    await owner.call('POST', '/api/console/receivables/anticipation', { body: { from, to } });
    expect(gateway.requests.filter((request) => request.path === '/v1/simulate/tax')).toHaveLength(2);

    expect((await viewer.call('GET', `/api/console/receivables/calendar?from=${from}&to=${to}`)).status).toBe(
      403,
    );
    expect((await owner.call('GET', '/api/console/receivables/calendar?from=2026-01-01')).status).toBe(400);
    expect(
      (await owner.call('POST', '/api/console/receivables/anticipation', { body: { from: 'x', to } })).status,
    ).toBe(400);
  });
});
