import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetRememberedSessions } from '../sessions/session-repository.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, type TestApp } from '../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import type { Database } from './database.ts';
import { queryOnCheckoutLane, queryRows } from './query-rows.ts';

/** Rejects when `work` takes longer than `ms`: a blocked statement waits for a connection forever. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

/**
 * On PostgreSQL the checkout's short statements (creating a session, reading it for a payment, beginning and
 * recording a card payment) have a pool of their own (server/db/open-database.ts): transactions that hold
 * every connection of the general pool — a console export, refunds, the jobs — do not hold up a payment.
 */
describe('the checkout lane (postgres)', () => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    gateway = await startTestGateway();
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await gateway.close();
    await database.close();
  });

  it('a merchant creates a session and a shopper pays it while transactions hold every general connection', async () => {
    const { id } = await createTestSession(t.app);
    // openTestDatabase's general pool has five connections: six transactions leave one waiting for them.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    const holders = Array.from({ length: 6 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered += 1;
        await gate;
      }),
    );
    try {
      for (let waited = 0; entered < 5 && waited < 5_000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(entered).toBe(5);
      // Another instance created this one: the payment reads it first. And this payment sweeps the rate
      // limits' old windows (one payment in 200 does).
      forgetRememberedSessions(database.db);
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const paid = await within(
        5_000,
        call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() }),
      );
      expect(paid.status).toBe(200);
      expect((paid.json as { status: string }).status).toBe('paid');
      const next = await within(5_000, createTestSession(t.app));
      expect(next.id).toMatch(/^cs_/);
    } finally {
      vi.restoreAllMocks();
      release();
      await Promise.all(holders);
    }
    expect(entered).toBe(6);
  }, 30_000);

  /** The backends that answer `count` statements of `ask` sent at once, each held 50 ms so all connections open. */
  async function backendsOf(ask: (text: string) => Promise<Record<string, unknown>[]>, count: number) {
    const rows = await Promise.all(
      Array.from({ length: count }, () => ask('select pg_backend_pid() as pid, pg_sleep(0.05)')),
    );
    return new Set(rows.map(([row]) => Number(row?.pid)));
  }

  it('the lane has two backends of its own; one statement at a time stays on them', async () => {
    const { db } = database;
    const lane = await backendsOf((text) => queryOnCheckoutLane(db, text, []), 20);
    const general = await backendsOf((text) => queryRows(db, sql.raw(text)), 20);
    expect(lane.size).toBe(2);
    expect(general.size).toBe(5);
    expect([...lane].filter((pid) => general.has(pid))).toEqual([]);
    for (let round = 0; round < 20; round += 1) {
      const [row] = await queryOnCheckoutLane(db, 'select pg_backend_pid() as pid', []);
      expect(lane.has(Number(row?.pid))).toBe(true);
    }
  });

  it('in a transaction, the hot path’s statements stay on the transaction’s connection', async () => {
    const pidIn = async (tx: Database) =>
      Number((await queryRows(tx, sql`select pg_backend_pid() as pid`))[0]?.pid);
    await database.db.transaction(async (tx) => {
      const own = await pidIn(tx);
      const [row] = await queryOnCheckoutLane(tx, 'select pg_backend_pid() as pid', []);
      expect(Number(row?.pid)).toBe(own);
    });
  });
});
