import { and, desc, eq, inArray, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { checkoutSessions, paymentAttempts, type PaymentAttemptRow } from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { OPEN_OPERATION_STATUSES } from './operation-machine.ts';
import {
  assertMove,
  BLOCKING_STATUSES,
  MAY_TAKE_MONEY_STATUSES,
  PAYABLE_STATUSES,
  type AttemptStatus,
} from './state-machine.ts';

export type NewAttempt = typeof paymentAttempts.$inferInsert;

/** The attempt as stored now, by id (no lock). */
export async function attemptById(db: Database, id: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

/**
 * The attempt and its session's capture mode, the attempt's row locked until the transaction ends: a
 * capture or refund is checked and recorded under it (begin-operation.ts).
 */
export async function lockAttemptWithCapture(db: Database, attemptId: string) {
  const [row] = await db
    .select({ attempt: paymentAttempts, capture: checkoutSessions.capture })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(paymentAttempts.id, attemptId))
    .for('update', { of: paymentAttempts });
  return row;
}

/**
 * The attempt and its session, both rows locked until the transaction ends: a gateway answer is planned
 * from them and recorded under the lock (record-transaction.ts).
 */
export async function lockAttemptAndSession(db: Database, attemptId: string) {
  const [row] = await db
    .select({ attempt: paymentAttempts, session: checkoutSessions })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(paymentAttempts.id, attemptId))
    .for('update', { of: [paymentAttempts, checkoutSessions] });
  return row;
}

/** The attempt's status and its session's capture mode: whether an automatic capture is due (run-operation.ts). */
export async function attemptStatusAndCapture(db: Database, attemptId: string) {
  const [row] = await db
    .select({ status: paymentAttempts.status, capture: checkoutSessions.capture })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(paymentAttempts.id, attemptId));
  return row;
}

export async function listAttempts(db: Database, sessionId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.sessionId, sessionId))
    .orderBy(paymentAttempts.createdAt, paymentAttempts.id);
}

export async function latestAttempt(db: Database, sessionId: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.sessionId, sessionId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  return row;
}

export async function blockingAttempts(db: Database, sessionId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.sessionId, sessionId), inArray(paymentAttempts.status, [...BLOCKING_STATUSES])),
    );
}

/**
 * Every session's attempts a shared scan of the gateway's list looks for (settle-blocking-attempts.ts): `sending` ones
 * (those older than `sendingStaleBefore` lost their process and are moved to unknown first) and `unknown` ones
 * not checked since `checkedBefore`, oldest first, at most `limit`.
 */
export async function attemptsToScan(
  db: Database,
  options: { checkedBefore: Date; limit: number },
): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.status, [...BLOCKING_STATUSES]),
        sql`(${paymentAttempts.checkedAt} is null or ${paymentAttempts.checkedAt} <= ${options.checkedBefore.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(paymentAttempts.createdAt)
    .limit(options.limit);
}

/** Only a transaction recorded on this very session: another session's id reads as unknown. */
/** The session's payment that may still take money, if any: payable, or a withdrawn PIX code. */
export async function attemptThatMayTakeMoney(
  db: Database,
  sessionId: string,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.sessionId, sessionId),
        inArray(paymentAttempts.status, [...MAY_TAKE_MONEY_STATUSES]),
      ),
    )
    .limit(1);
  return row;
}

/** The session's payment that may still take money and blocks a new one (the state machine's `payable` statuses). */
export async function payableAttempt(
  db: Database,
  sessionId: string,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.sessionId, sessionId), inArray(paymentAttempts.status, [...PAYABLE_STATUSES])),
    )
    .limit(1);
  return row;
}

export async function findAttemptByTransaction(
  db: Database,
  sessionId: string,
  transactionId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.sessionId, sessionId), eq(paymentAttempts.transactionId, transactionId)))
    .limit(1);
  return row;
}

/** The attempt that recorded this gateway transaction, whichever session it belongs to (webhooks). */
export async function findAttemptByTransactionId(
  db: Database,
  transactionId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.transactionId, transactionId))
    .limit(1);
  return row;
}

/** Due for reconciliation's next read now (durable before anything reads the gateway). */
export async function markAttemptDue(db: Database, attemptId: string, at: Date): Promise<void> {
  await db.update(paymentAttempts).set({ nextCheckAt: at }).where(eq(paymentAttempts.id, attemptId));
}

/** Only `checked_at` moves: the gateway's read would move the payment backwards (record-transaction.ts). */
export async function markAttemptChecked(db: Database, attemptId: string, at: Date): Promise<void> {
  await db.update(paymentAttempts).set({ checkedAt: at }).where(eq(paymentAttempts.id, attemptId));
}

/**
 * Claims due payments for reconciliation (jobs/reconcile.ts) in one statement: `FOR UPDATE SKIP LOCKED`
 * and a lease (`check_locked_until`) let several instances share the work. Due: `next_check_at` has come,
 * or a capture or refund is still open and stale (`staleBefore`). Answers the claimed attempts' ids.
 */
export async function claimDueAttempts(
  db: Database,
  options: { now: Date; leaseUntil: Date; staleBefore: Date; limit: number },
): Promise<string[]> {
  const at = options.now.toISOString();
  const lease = options.leaseUntil.toISOString();
  const stale = options.staleBefore.toISOString();
  const rows = await queryRows(
    db,
    sql`update payment_attempts set check_locked_until = ${lease}::timestamptz
        where id in (
          select id from payment_attempts
          where (
              next_check_at <= ${at}::timestamptz
              -- A capture or refund whose process died after recording its intent, on a payment that
              -- is otherwise final (nothing scheduled): found once its sending state is stale.
              or (next_check_at is null and exists (
                select 1 from payment_operations operation
                where operation.attempt_id = payment_attempts.id
                  and operation.status in (${sql.raw(sqlStatusList(OPEN_OPERATION_STATUSES))})
                  and operation.updated_at <= ${stale}::timestamptz
              ))
            )
            and (check_locked_until is null or check_locked_until <= ${at}::timestamptz)
          order by next_check_at
          limit ${options.limit}
          for update skip locked
        )
        returning id`,
  );
  return rows.map((row) => String(row.id));
}

/** Reconciliation's check is over: the next one scheduled (or none), counted, the lease released. */
export async function scheduleNextCheck(
  db: Database,
  attemptId: string,
  nextCheckAt: Date | null,
  checkCount: number,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ nextCheckAt, checkCount, checkLockedUntil: null })
    .where(eq(paymentAttempts.id, attemptId));
}

/**
 * Authorised, uncaptured payments whose capture deadline comes before `deadlineBefore` and that were not
 * warned yet, with their sessions: up to `limit`, claimed with SKIP LOCKED until the transaction ends, so
 * each is warned once across instances (jobs/lifecycle-sweeps.ts).
 */
export async function claimCaptureWarnings(db: Database, deadlineBefore: Date, limit: number) {
  return db
    .select({ attempt: paymentAttempts, session: checkoutSessions })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(
      and(
        eq(paymentAttempts.status, 'authorized'),
        isNull(paymentAttempts.captureWarnedAt),
        lte(paymentAttempts.captureDeadlineAt, deadlineBefore),
      ),
    )
    .limit(limit)
    .for('update', { of: paymentAttempts, skipLocked: true });
}

/** The merchant was warned of the capture deadline (with the event, in the same transaction). */
export async function markCaptureWarned(db: Database, attemptId: string, at: Date): Promise<void> {
  await db.update(paymentAttempts).set({ captureWarnedAt: at }).where(eq(paymentAttempts.id, attemptId));
}

/** Columns other than the status: a status changes only through `moveAttempt`/`attemptMoveSql`. */
export type AttemptChanges = Partial<Omit<NewAttempt, 'id' | 'sessionId' | 'createdAt' | 'status'>>;

export async function updateAttempt(
  db: Database,
  id: string,
  changes: AttemptChanges,
  /** Only while the attempt still has this status (a retried write must not undo a later change). */
  onlyIfStatus?: AttemptStatus,
): Promise<PaymentAttemptRow | undefined> {
  const where =
    onlyIfStatus === undefined
      ? eq(paymentAttempts.id, id)
      : and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, onlyIfStatus));
  const [row] = await db.update(paymentAttempts).set(changes).where(where).returning();
  return row;
}

/**
 * The attempt, the attempt whose money completed its session (null: not complete, or before that was
 * kept), the session's status and its payment link.
 */
export async function attemptAndSessionPayment(db: Database, attemptId: string) {
  const [row] = await db
    .select({
      attempt: paymentAttempts,
      paidAttemptId: checkoutSessions.paidAttemptId,
      sessionStatus: checkoutSessions.status,
      paymentLinkId: checkoutSessions.paymentLinkId,
    })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(paymentAttempts.id, attemptId));
  return row;
}

/** Who saw a change, for the payment's history (`payment_events.source`). */
export type ChangeSource =
  | 'payment'
  | 'shopper'
  | 'webhook'
  | 'reconciliation'
  | 'merchant'
  | 'capture'
  | 'refund';

export interface AttemptMove {
  attemptId: string;
  /** The status the attempt must still have: another instance may have moved it meanwhile. */
  from: AttemptStatus;
  to: AttemptStatus;
  source: ChangeSource;
  at: Date;
  /** Columns written with the status. */
  set?: AttemptChanges;
  /** More conditions the row must still meet (the amounts a change was planned from). */
  guard?: SQL;
  /** What the history row says besides the two statuses. */
  detail?: Record<string, unknown>;
  /** The partial refund's end (`pending_refund` → `paid` with a larger refunded total: REFUND_SETTLED). */
  settlesRefund?: boolean;
  /** False when neither the status nor an amount moves (only `checked_at` and the like): no history row. */
  history?: boolean;
}

/**
 * THE status write: the CTEs `updated` (the attempt, only while still at `from`) and `history` (its
 * `payment_events` row, only if `updated` holds it). Every status change of an attempt is built here —
 * but for the gateway's answers, whose statement is constant text for speed (apply-change-repository.ts, which
 * asks the same `assertMove` and writes the same history row) — so none can skip its history row or the
 * table (server/payments/state-machine.ts).
 */
export function attemptMoveSql(db: Database, move: AttemptMove): SQL {
  assertMove(move.from, move.to, move.settlesRefund);
  const at = move.at.toISOString();
  const update = db
    .update(paymentAttempts)
    .set({ ...move.set, status: move.to, updatedAt: move.at })
    .where(and(eq(paymentAttempts.id, move.attemptId), eq(paymentAttempts.status, move.from), move.guard))
    .returning({ id: paymentAttempts.id });
  const history =
    move.history === false
      ? sql``
      : sql`, history as (
        insert into payment_events (attempt_id, from_status, to_status, source, detail, created_at)
        select updated.id, ${move.from}, ${move.to}, ${move.source}, ${JSON.stringify(move.detail ?? {})}::jsonb,
               ${at}::timestamptz
        from updated
        returning id
      )`;
  return sql`updated as (${update.getSQL()})${history}`;
}

/** One status change and its history row, one statement. Answers whether the attempt moved. */
export async function moveAttempt(db: Database, move: AttemptMove): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`with ${attemptMoveSql(db, move)} select count(*)::int as updated from updated`,
  );
  return Number(rows[0]?.updated) === 1;
}

/** The highest gateway transaction id recorded (0 when none): the in-process mock numbers on from it. */
export async function highestTransactionId(db: Database): Promise<number> {
  const [row] = await db.select({ highest: max(paymentAttempts.transactionId) }).from(paymentAttempts);
  return row?.highest ?? 0;
}

/** The attempts of these sessions that may still take money (a customer's erasure waits for them). */
export async function attemptsMayTakeMoneyOn(db: Database, sessionIds: readonly string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.sessionId, [...sessionIds]),
        inArray(paymentAttempts.status, [...MAY_TAKE_MONEY_STATUSES]),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The personal data of these sessions' attempts erased — the payer's document, name and e-mail, the gateway's
 * customer, billing and shipping, the card holder's name and the IP address; amounts, statuses and history
 * stay. Answers the ids of the attempts it changed.
 */
export async function anonymiseAttemptsOf(
  tx: Database,
  sessionIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await queryRows(
    tx,
    sql`update payment_attempts set
          customer_document = null, payer_name = null, payer_email = null,
          gateway_response = case when gateway_response is null then null else
            (case when jsonb_typeof(gateway_response->'card') = 'object'
              then jsonb_set(gateway_response, '{card,card_holder_name}', 'null'::jsonb)
              else gateway_response end) - 'customer' - 'billing' - 'shipping' - 'ip_address' end,
          updated_at = ${now.toISOString()}::timestamptz
        where session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and (customer_document is not null or payer_name is not null or payer_email is not null
            or gateway_response->'customer' is not null
            or gateway_response->'billing' is not null or gateway_response->'shipping' is not null
            or gateway_response->'ip_address' is not null
            or gateway_response->'card'->'card_holder_name' not in ('null'::jsonb))
        returning id`,
  );
  return rows.map((row) => String(row.id));
}
