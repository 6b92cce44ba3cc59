import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { checkoutLaneOf } from '../db/query-rows.ts';
import { paymentAttempts } from '../db/schema.ts';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { scanMeter } from './scan-lease-repository.ts';
import { UNKNOWN_OUTCOME_SCAN } from './settle-blocking-attempts.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';

const MINUTE = 60_000;

type ListMode = 'paged' | 'newest-10' | 'whole';

/** A gateway with a ledger: what it charged, whatever it answered; its list can misbehave. */
interface LedgerGateway {
  url: string;
  ledger: Record<string, unknown>[];
  charges(): number;
  resetCharges(): void;
  listMode: ListMode;
  /** How the next POST /v1/transactions answers once it has charged (or, `500-no-charge`, without charging). */
  answer: 'ok' | '500-after-charge' | '500-no-charge';
  /** Pages of GET /v1/transactions read. */
  listReads: number;
  /** Called when a charge is made, before the answer is sent. */
  onCharge: (() => void) | undefined;
  /** Adds transactions of other shoppers, created now. */
  addOthers(count: number, padBytes?: number): void;
  close(): Promise<void>;
}

async function startLedgerGateway(): Promise<LedgerGateway> {
  let nextId = 5000;
  let posts = 0;
  const app = new Hono();
  const gateway: LedgerGateway = {
    url: '', // once it listens
    ledger: [],
    charges: () => posts,
    resetCharges: () => {
      posts = 0;
    },
    listMode: 'paged',
    answer: 'ok',
    listReads: 0,
    onCharge: undefined,
    addOthers(count, padBytes = 0) {
      for (let i = 0; i < count; i += 1) gateway.ledger.push(transactionOf(nextId++, 777, [], padBytes));
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  function transactionOf(id: number, amount: number, items: unknown[], padBytes = 0) {
    return {
      id,
      amount,
      paid_amount: amount,
      refunded_amount: 0,
      status: 'paid',
      payment_method: 'credit_card',
      installments: 1,
      created_at: new Date().toISOString().replace('Z', '000Z'),
      updated_at: new Date().toISOString().replace('Z', '000Z'),
      card: { card_last_digits: '1111', card_first_digits: '411111', brand: 'visa', card_id: id },
      items,
      metadata: padBytes > 0 ? { pad: 'x'.repeat(padBytes) } : null,
    };
  }
  app.post('/v1/transactions', async (c) => {
    posts += 1;
    if (gateway.answer === '500-no-charge') return c.json({ errors: [{ message: 'boom' }] }, 500);
    const body = await c.req.json<{ amount: number; items: unknown[] }>();
    const transaction = transactionOf(nextId++, body.amount, body.items);
    gateway.ledger.push(transaction);
    gateway.onCharge?.();
    if (gateway.answer === '500-after-charge') return c.json({ errors: [{ message: 'boom' }] }, 500);
    return c.json(transaction);
  });
  app.get('/v1/transactions/:id', (c) => {
    const found = gateway.ledger.find((transaction) => String(transaction.id) === c.req.param('id'));
    return found ? c.json(found) : c.json({ errors: [{ message: 'not found' }] }, 404);
  });
  app.get('/v1/transactions', (c) => {
    gateway.listReads += 1;
    const newestFirst = [...gateway.ledger].reverse();
    if (gateway.listMode === 'newest-10') return c.json(newestFirst.slice(0, 10));
    if (gateway.listMode === 'whole') return c.json(newestFirst);
    const page = Number(c.req.query('page') ?? '1');
    const perPage = Number(c.req.query('per_page') ?? '10');
    return c.json(newestFirst.slice((page - 1) * perPage, page * perPage));
  });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}

/** An outage counted in the callers' attempts, not in time: the next `refusals` calls fail, then it ends. */
interface Outage {
  refusals: number;
}

/**
 * The database as a failover shows it: while the outage lasts, each call of the driver fails with a dropped
 * connection. The drivers' own clients are wrapped (postgres.js's pool and checkout lane, or PGlite): every
 * statement reaches them, the query builder's and the constant statements of query-rows.ts alike.
 */
function flakyDatabase(db: Database): Outage {
  const outage: Outage = { refusals: 0 };
  const entries = ['unsafe', 'begin', 'query', 'transaction'];
  for (const handle of new Set([db, checkoutLaneOf(db)])) {
    const client = (handle._.session as unknown as { client: Record<string, unknown> }).client;
    for (const entry of entries) {
      const original = client[entry];
      if (typeof original !== 'function') continue;
      client[entry] = (...args: unknown[]): unknown => {
        if (outage.refusals > 0) {
          outage.refusals -= 1;
          throw Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
        }
        return (original as (...a: unknown[]) => unknown).apply(client, args);
      };
    }
  }
  return outage;
}

/**
 * Unknown outcomes at a real account's size (the fault trial): the attempt's own id travels in the first
 * item's `external_id` and is matched exactly; the list is read by pages and streamed; `failed_unknown`
 * (the shopper may pay again) only after the whole window was read; a database that fails after the
 * gateway answered never loses the transaction id.
 */
describe.each(BOTH_DRIVERS)('unknown outcomes at a real account’s size (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: LedgerGateway;
  let t: TestApp;
  let outage: Outage;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startLedgerGateway();
    outage = flakyDatabase(database.db);
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url, policy: { refreshIntervalMs: 0 } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    // First: an outage a failed test left would refuse the reset too.
    outage.refusals = 0;
    await database.reset();
    gateway.ledger.length = 0;
    gateway.resetCharges();
    gateway.listMode = 'paged';
    gateway.answer = 'ok';
    gateway.listReads = 0;
    gateway.onCharge = undefined;
    t.clock.offsetMs = 0;
  });

  async function attempts(sessionId: string) {
    return database.db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, sessionId));
  }

  /** A payment the gateway charged and answered 500: its outcome is unknown to us. */
  async function chargedButUnknown(): Promise<string> {
    const { id } = await createTestSession(t.app);
    gateway.answer = '500-after-charge';
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(paid.status).toBe(502);
    gateway.answer = 'ok';
    expect((await attempts(id))[0]?.status).toBe('unknown');
    return id;
  }

  async function pastGrace() {
    t.clock.offsetMs = 3 * MINUTE;
    await reconcileOnce(t.deps);
  }

  it('a list that shows only the newest 10 (page ignored): stays unknown and blocks, never failed_unknown', async () => {
    const sessionId = await chargedButUnknown();
    gateway.addOthers(15);
    gateway.listMode = 'newest-10';
    await pastGrace();
    const [attempt] = await attempts(sessionId);
    expect(attempt?.status).toBe('unknown');
    // The shopper's retry is not sent: the session stays blocked rather than invite a second charge.
    const retry = await call(t.app, 'POST', `/api/pay/${sessionId}/v1/transactions`, { body: cardPayment() });
    expect(retry.status).toBe(409);
    expect(gateway.charges()).toBe(1);
    expect(t.logs.some((line) => line.includes('could not be read whole'))).toBe(true);
  });

  it('a paginated list with many newer transactions: found exactly by its id on a later page', async () => {
    const sessionId = await chargedButUnknown();
    gateway.addOthers(250);
    await pastGrace();
    const [attempt] = await attempts(sessionId);
    expect(attempt).toMatchObject({ status: 'paid' });
    expect(attempt?.transactionId).toBe((gateway.ledger[0] as { id: number }).id);
  });

  it('a list over 4 MiB in one answer: read as a stream, the charge is found', async () => {
    const sessionId = await chargedButUnknown();
    gateway.addOthers(60, 100_000); // ~6 MB
    gateway.listMode = 'whole';
    await pastGrace();
    expect((await attempts(sessionId))[0]?.status).toBe('paid');
    expect(gateway.charges()).toBe(1);
  });

  it('nothing charged and the whole window read: failed_unknown, the shopper may pay again', async () => {
    const { id } = await createTestSession(t.app);
    gateway.answer = '500-after-charge';
    await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    gateway.answer = 'ok';
    gateway.ledger.length = 0; // the gateway did not keep it
    gateway.addOthers(30);
    await pastGrace();
    expect((await attempts(id))[0]?.status).toBe('failed_unknown');
  });

  it('the database fails just after the gateway answered: the write is retried, the transaction id kept', async () => {
    const { id } = await createTestSession(t.app);
    // The failover begins as the gateway charges and lasts the write's first two attempts.
    gateway.onCharge = () => {
      outage.refusals = 2;
    };
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(paid.status).toBe(200);
    expect(outage.refusals).toBe(0);
    await t.deps.background.settled();
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({ status: 'paid' });
    expect(attempt?.transactionId).toBe((gateway.ledger[0] as { id: number }).id);
    expect(gateway.charges()).toBe(1);
  });

  it('five merchants’ sessions polling five unknown payments, on two instances: one scan of the window at a time settles them all', async () => {
    gateway.addOthers(450); // the window holds 450 other transactions: 5 pages of 100, and the empty 6th
    const sessions: string[] = [];
    gateway.answer = '500-no-charge';
    for (let n = 0; n < 5; n += 1) {
      const { id } = await createTestSession(t.app);
      expect(
        (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() })).status,
      ).toBe(502);
      sessions.push(id);
    }
    gateway.answer = 'ok';
    const other = buildTestApp({
      db: database.db,
      gatewayUrl: gateway.url,
      policy: { refreshIntervalMs: 0 },
    });
    try {
      const poll = async () => {
        for (const [index, id] of sessions.entries()) {
          const app = index % 2 === 0 ? t.app : other.app;
          expect((await call(app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).status).toBe(
            200,
          );
        }
      };
      // Three rounds of polls within one scan interval (5 s): one scan reads the window once for all five.
      for (let round = 0; round < 3; round += 1) {
        t.clock.offsetMs = round * 1_000;
        other.clock.offsetMs = round * 1_000;
        await poll();
      }
      expect(gateway.listReads).toBe(6);
      // Past the grace period, one more scan: all five failed_unknown, each shopper may pay again.
      t.clock.offsetMs = 3 * MINUTE;
      other.clock.offsetMs = 3 * MINUTE;
      await poll();
      for (const id of sessions) expect((await attempts(id))[0]?.status).toBe('failed_unknown');
      expect(gateway.listReads).toBe(12);
      expect(await scanMeter(database.db, UNKNOWN_OUTCOME_SCAN)).toEqual({ scans: 2, pages: 12 });
      expect(gateway.charges()).toBe(5);
    } finally {
      await other.close();
    }
  });
});
