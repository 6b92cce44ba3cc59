import { readFileSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pixTransactionSample } from '../../contract/testing/samples.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { checkoutSessions, paymentAttempts, paymentEvents } from '../db/schema.ts';
import { moveSession } from '../sessions/session-repository.ts';
import { PUBLIC_URL } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { moveAttempt } from './attempt-repository.ts';
import { recordTransaction } from './record-transaction.ts';
import { stateDiagramMarkdown } from './state-diagram.ts';
import {
  ATTEMPT_MACHINE,
  ATTEMPT_RANK,
  ATTEMPT_STATUSES,
  BLOCKING_STATUSES,
  canMove,
  canMoveSession,
  COMPLETING_STATUSES,
  FOLLOWED_STATUSES,
  isRegression,
  MOVING_STATUSES,
  PAYABLE_STATUSES,
  SESSION_MACHINE,
  SESSION_STATUS_LIST,
  statusOfGateway,
  type AttemptStatus,
} from './state-machine.ts';

const DIAGRAM = new URL('../../docs/architecture/state-machine.md', import.meta.url);
const MIGRATION = new URL('../db/migrations/0012_card_after_pix.sql', import.meta.url);

const EDGES = ATTEMPT_STATUSES.flatMap((from) => ATTEMPT_MACHINE[from].to.map((to) => [from, to] as const));

describe('the payment state machine (pure)', () => {
  it('lists only known statuses, each move once, and no move out of a status that ends with nothing', () => {
    for (const [from, to] of EDGES) {
      expect(ATTEMPT_STATUSES).toContain(to);
      expect(from).not.toBe(to);
    }
    for (const from of ATTEMPT_STATUSES)
      expect(new Set(ATTEMPT_MACHINE[from].to).size).toBe(ATTEMPT_MACHINE[from].to.length);
    expect(ATTEMPT_MACHINE.rejected.to).toEqual([]);
    expect(ATTEMPT_MACHINE.failed_unknown.to).toEqual([]);
  });

  it('canMove answers the table for every pair of statuses, and staying is no move back', () => {
    for (const from of ATTEMPT_STATUSES)
      for (const to of ATTEMPT_STATUSES) {
        const listed = EDGES.some(([a, b]) => a === from && b === to);
        expect(canMove(from, to), `${from} → ${to}`).toBe(from === to || listed);
        expect(isRegression(from, to)).toBe(!canMove(from, to));
      }
  });

  it('derives a rank that never falls along a move and orders the lifecycle as before', () => {
    for (const [from, to] of EDGES)
      expect(ATTEMPT_RANK[to], `${from} → ${to}`).toBeGreaterThanOrEqual(ATTEMPT_RANK[from]);
    const r = ATTEMPT_RANK;
    expect(r.sending).toBeLessThan(r.unknown);
    expect(r.unknown).toBeLessThan(r.processing);
    expect(r.processing).toBe(r.waiting_payment);
    expect(r.processing).toBeLessThan(r.authorized);
    expect(r.authorized).toBeLessThan(r.paid);
    expect(new Set([r.paid, r.refused, r.canceled, r.failed]).size).toBe(1);
    expect(r.paid).toBeLessThan(r.pending_refund);
    expect(r.pending_refund).toBeLessThan(r.refunded);
    expect(r.refunded).toBe(r.chargedback);
    // The classic late reads are regressions.
    expect(isRegression('paid', 'authorized')).toBe(true);
    expect(isRegression('refunded', 'paid')).toBe(true);
    expect(isRegression('pending_refund', 'paid')).toBe(true);
    expect(isRegression('authorized', 'processing')).toBe(true);
    // A withdrawn PIX code is never re-opened by a late read, but may still be paid.
    expect(isRegression('withdrawn', 'waiting_payment')).toBe(true);
    expect(isRegression('withdrawn', 'processing')).toBe(true);
    expect(canMove('withdrawn', 'paid')).toBe(true);
    expect(PAYABLE_STATUSES).not.toContain('withdrawn');
  });

  it('derives every status set the server acts on', () => {
    expect(PAYABLE_STATUSES).toEqual(['sending', 'unknown', 'processing', 'waiting_payment']);
    expect(BLOCKING_STATUSES).toEqual(['sending', 'unknown']);
    expect([...MOVING_STATUSES]).toEqual(['withdrawn', 'processing', 'waiting_payment']);
    expect([...COMPLETING_STATUSES].sort()).toEqual(['authorized', 'paid']);
    expect([...FOLLOWED_STATUSES].sort()).toEqual([
      'authorized',
      'pending_refund',
      'processing',
      'sending',
      'unknown',
      'waiting_payment',
      'withdrawn',
    ]);
    expect(sqlStatusList(BLOCKING_STATUSES)).toBe("'sending', 'unknown'");
    expect(() => sqlStatusList(["x'); drop table y; --" as AttemptStatus])).toThrow();
  });

  it('records an unknown gateway status as in progress, never as paid or failed', () => {
    expect(statusOfGateway('paid')).toBe('paid');
    expect(statusOfGateway('in_analysis')).toBe('processing');
    expect(statusOfGateway('sending')).toBe('processing'); // ours, not the gateway's
  });

  it('moves sessions open → complete | expired, and expired → complete only', () => {
    expect(SESSION_STATUS_LIST).toEqual(['open', 'complete', 'expired']);
    for (const from of SESSION_STATUS_LIST)
      for (const to of SESSION_STATUS_LIST)
        expect(canMoveSession(from, to)).toBe((SESSION_MACHINE[from] as readonly string[]).includes(to));
    expect(canMoveSession('complete', 'open')).toBe(false);
  });

  it('the Mermaid diagram in docs/architecture/state-machine.md is the one generated from the tables', () => {
    const generated = stateDiagramMarkdown();
    if (process.env.UPDATE_STATE_DIAGRAM === '1') writeFileSync(DIAGRAM, generated);
    expect(readFileSync(DIAGRAM, 'utf8')).toBe(generated);
    for (const [from, to] of EDGES) expect(generated).toContain(`  ${from} --> ${to}\n`);
  });

  it("the migration's status lists are the table's", () => {
    const lists = [...readFileSync(MIGRATION, 'utf8').matchAll(/in \(([^)]*)\)/gi)].map((m) => m[1]);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toBe(sqlStatusList(ATTEMPT_STATUSES));
  });
});

describe.each(BOTH_DRIVERS)('the payment state machine in the database (%s)', (driver) => {
  let database: TestDatabase;
  const now = new Date('2026-11-23T12:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
  });

  async function session(id: string, status: 'open' | 'complete' | 'expired' = 'open') {
    await database.db.insert(checkoutSessions).values({
      id,
      reference: 'r',
      items: [],
      amount: 1000,
      methods: ['credit_card', 'pix'],
      maxInstallments: 1,
      threeDS: 'off',
      feesPaidBy: 'merchant',
      capture: 'automatic',
      embedOrigins: [],
      metadata: {},
      status,
      expiresAt: new Date(now.getTime() + 3_600_000),
    } as typeof checkoutSessions.$inferInsert);
  }

  async function attempt(id: string, sessionId: string, status: AttemptStatus) {
    await database.db.insert(paymentAttempts).values({
      id,
      sessionId,
      paymentMethod: 'pix',
      amount: 1000,
      installments: 1,
      status,
    });
  }

  it('walks every transition of the table: the status moves and its history row is written', async () => {
    let n = 0;
    for (const [from, to] of EDGES) {
      n += 1;
      const sid = `cs_walk_${n}`;
      const aid = `pa_walk_${n}`;
      await session(sid);
      await attempt(aid, sid, from);
      expect(
        await moveAttempt(database.db, { attemptId: aid, from, to, source: 'reconciliation', at: now }),
        `${from} → ${to}`,
      ).toBe(true);
      const [row] = await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, aid));
      expect(row?.status).toBe(to);
      const history = await database.db.select().from(paymentEvents).where(eq(paymentEvents.attemptId, aid));
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.source])).toEqual([
        [from, to, 'reconciliation'],
      ]);
    }
  }, 120_000);

  it('moves pending_refund back to paid only with the proof of a settled partial refund', async () => {
    await session('cs_r');
    await attempt('pa_r', 'cs_r', 'pending_refund');
    const move = {
      attemptId: 'pa_r',
      from: 'pending_refund',
      to: 'paid',
      source: 'refund',
      at: now,
    } as const;
    await expect(moveAttempt(database.db, move)).rejects.toThrow(/no move/);
    expect(
      await moveAttempt(database.db, { ...move, settlesRefund: true, set: { refundedAmount: 500 } }),
    ).toBe(true);
    const history = await database.db.select().from(paymentEvents).where(eq(paymentEvents.attemptId, 'pa_r'));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([['pending_refund', 'paid']]);
  });

  it('refuses a move the table does not list, and a move from a status the attempt no longer has', async () => {
    await session('cs_x');
    await attempt('pa_x', 'cs_x', 'paid');
    await expect(
      moveAttempt(database.db, {
        attemptId: 'pa_x',
        from: 'paid',
        to: 'authorized',
        source: 'payment',
        at: now,
      }),
    ).rejects.toThrow(/no move from paid to authorized/);
    expect(
      await moveAttempt(database.db, {
        attemptId: 'pa_x',
        from: 'sending',
        to: 'unknown',
        source: 'payment',
        at: now,
      }),
    ).toBe(false);
    expect(await database.db.select().from(paymentEvents)).toEqual([]);
  });

  it('holds statuses to the table with a CHECK constraint and indexes payable ones from it', async () => {
    await session('cs_c');
    await expect(
      database.db.execute(
        sql`insert into payment_attempts (id, session_id, payment_method, amount, installments, status)
            values ('pa_c', 'cs_c', 'pix', 1000, 1, 'in_analysis')`,
      ),
    ).rejects.toThrow();
    const [check] = await queryRows(
      database.db,
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'payment_attempts_status'`,
    );
    for (const status of ATTEMPT_STATUSES) expect(String(check?.def)).toContain(`'${status}'`);
    const [index] = await queryRows(
      database.db,
      sql`select indexdef from pg_indexes where indexname = 'payment_attempts_one_open_per_session'`,
    );
    const listed = ATTEMPT_STATUSES.filter((status) => String(index?.indexdef).includes(`'${status}'`));
    expect(listed).toEqual(PAYABLE_STATUSES);
  });

  it('keeps an unknown gateway status as said, shows the payment as processing, and writes its history', async () => {
    await session('cs_u');
    await attempt('pa_u', 'cs_u', 'sending');
    const transaction = transactionSchema.parse({ ...pixTransactionSample, status: 'in_analysis' });
    expect(await recordTransaction(database.db, 'pa_u', transaction, now, { publicUrl: PUBLIC_URL })).toBe(
      true,
    );
    const [row] = await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, 'pa_u'));
    expect(row).toMatchObject({
      status: 'processing',
      gatewayStatus: 'in_analysis',
      transactionId: transaction.id,
    });
    const history = await database.db.select().from(paymentEvents).where(eq(paymentEvents.attemptId, 'pa_u'));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.detail.gateway_status])).toEqual([
      ['sending', 'processing', 'in_analysis'],
    ]);
    // Then a status we know moves it on.
    const paid = transactionSchema.parse({ ...pixTransactionSample, status: 'paid' });
    expect(await recordTransaction(database.db, 'pa_u', paid, now, { publicUrl: PUBLIC_URL })).toBe(true);
    const [after] = await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, 'pa_u'));
    expect(after).toMatchObject({ status: 'paid', gatewayStatus: 'paid' });
  });

  it('moves a session only along its table', async () => {
    await session('cs_s');
    expect(await moveSession(database.db, { id: 'cs_s', to: 'complete', at: now })).toMatchObject({
      status: 'complete',
    });
    expect(await moveSession(database.db, { id: 'cs_s', to: 'expired', at: now })).toBeUndefined();
    await session('cs_e', 'expired');
    expect(await moveSession(database.db, { id: 'cs_e', to: 'complete', at: now })).toMatchObject({
      status: 'complete',
    });
    await expect(
      moveSession(database.db, { id: 'cs_e', from: ['complete'], to: 'open', at: now }),
    ).rejects.toThrow(/no move/);
  });
});
