import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import {
  countHitsSql,
  countOf,
  maybeSweepHits,
  rateVerdict,
  type RateRule,
  type RateVerdict,
} from '../rate-limit/rate-limit.ts';
import { ATTEMPT, PAYABLE_STATUSES, sqlStatusList } from './state-machine.ts';

export interface AttemptStart {
  id: string;
  sessionId: string;
  paymentMethod: 'credit_card' | 'pix';
  amount: number;
  installments: number;
  cardLast4: string | null;
  customerDocument: string | null;
  /** The shopper's consent to keep the card once paid (docs/decisions/076-saved-cards.md). */
  saveCard?: boolean;
  /** The saved card paid with, if any. */
  savedCardId?: number | null;
}

/** The partial unique index's predicate, generated from the state machine (schema.ts uses the same). */
const PAYABLE_SQL = sql.raw(sqlStatusList(PAYABLE_STATUSES));

/** If this process dies before recording the gateway's answer, reconciliation looks after this long. */
const CRASH_GUARD_MS = 2 * 60_000;

export type BeginResult =
  /** The attempt row as inserted (its values are known: no read needed to record the answer). */
  | { kind: 'started'; row: PaymentAttemptRow }
  /** Closed or expired session, or another attempt may still take money. */
  | { kind: 'blocked' }
  | { kind: 'rate-limited'; verdict: RateVerdict & { allowed: false } };

/** The row `beginAttempt` inserts, as drizzle would read it back. */
function startedRow(attempt: AttemptStart, now: Date): PaymentAttemptRow {
  return {
    ...attempt,
    saveCard: attempt.saveCard ?? false,
    savedCardId: attempt.savedCardId ?? null,
    refundReason: null,
    status: ATTEMPT.sending,
    gatewayStatus: null,
    transactionId: null,
    gatewayResponse: null,
    gatewayErrors: null,
    checkedAt: null,
    authorizedAmount: null,
    capturedAmount: 0,
    refundedAmount: 0,
    authorizedAt: null,
    captureDeadlineAt: null,
    captureWarnedAt: null,
    nextCheckAt: new Date(now.getTime() + CRASH_GUARD_MS),
    checkLockedUntil: null,
    checkCount: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Records an attempt as `sending` in one statement — one transaction — that locks the session row (`SELECT …
 * FOR UPDATE` in a CTE) and inserts only while the session is open and unexpired; the partial unique index
 * `payment_attempts_one_open_per_session` refuses a second attempt while one may still take money
 * (PAYABLE_STATUSES: on the wire, unknown, processing, a PIX code open), so two tabs racing cannot both pay,
 * and a card cannot be paid beside an open PIX code. With `rules`, the same statement counts the request
 * against its rate limits first and inserts nothing when one is over: one round trip instead of two keeps the
 * server's added latency within the bench's budget (docs/decisions/075-two-round-trips-per-payment.md).
 * `next_check_at` makes reconciliation look at it if this process dies before recording the answer.
 */
export async function beginAttempt(
  db: Database,
  attempt: AttemptStart,
  now: Date,
  rules: readonly RateRule[] = [],
): Promise<BeginResult> {
  const at = now.toISOString();
  const allowed: SQL =
    rules.length === 0
      ? sql`true`
      : sql`not exists (select 1 from hits where ${sql.join(
          rules.map((rule) => sql`(hits.key = ${rule.key} and hits.count > ${rule.limit.max})`),
          sql` or `,
        )})`;
  const counts = rules.map(
    (rule, index) =>
      sql`, (select count from hits where key = ${rule.key}) as ${sql.identifier(`c${index}`)}`,
  );
  const rows = await queryRows(
    db,
    sql`with ${rules.length === 0 ? sql`` : sql`hits as (${countHitsSql(rules, now)}),`}
        session as (
          select id from checkout_sessions
          where id = ${attempt.sessionId} and status = 'open' and expires_at > ${at}::timestamptz
            and ${allowed}
          for update
        ),
        inserted as (
          insert into payment_attempts
            (id, session_id, payment_method, amount, installments, status, card_last4, customer_document,
             save_card, saved_card_id, created_at, updated_at, next_check_at)
          select ${attempt.id}, session.id, ${attempt.paymentMethod}, ${attempt.amount}, ${attempt.installments},
                 ${ATTEMPT.sending}, ${attempt.cardLast4}, ${attempt.customerDocument},
                 ${attempt.saveCard ?? false}, ${attempt.savedCardId ?? null},
                 ${at}::timestamptz, ${at}::timestamptz,
                 ${new Date(now.getTime() + CRASH_GUARD_MS).toISOString()}::timestamptz
          from session
          on conflict (session_id) where status in (${PAYABLE_SQL}) do nothing
          returning id
        )
        select (select id from inserted) as id${sql.join(counts, sql``)}`,
  );
  const [row] = rows;
  if (rules.length > 0) {
    await maybeSweepHits(db, now);
    const verdict = rateVerdict(
      rules,
      (key) => countOf(row?.[`c${rules.findIndex((r) => r.key === key)}`]),
      now,
    );
    if (!verdict.allowed) return { kind: 'rate-limited', verdict };
  }
  if (typeof row?.id !== 'string') return { kind: 'blocked' };
  return { kind: 'started', row: startedRow(attempt, now) };
}
