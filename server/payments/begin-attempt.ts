import type { Database } from '../db/database.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import {
  countOf,
  maybeSweepHits,
  rateVerdict,
  type RateRule,
  type RateVerdict,
} from '../rate-limit/rate-limit.ts';
import { insertSendingAttempt, type AttemptStart } from './begin-attempt-repository.ts';
import { ATTEMPT } from './state-machine.ts';

/** If this process dies before recording the gateway's answer, reconciliation looks after this long. */
const CRASH_GUARD_MS = 2 * 60_000;

export type BeginResult =
  /** The attempt row as inserted (its values are known: no read needed to record the answer). */
  | { kind: 'started'; row: PaymentAttemptRow }
  /** Closed or expired session, or another attempt may still take money. */
  | { kind: 'blocked' }
  | { kind: 'rate-limited'; verdict: RateVerdict & { allowed: false } };

/** The row `beginAttempt` inserts, as drizzle would read it back (in the schema's order: attempt-row.ts). */
function startedRow(attempt: AttemptStart, now: Date): PaymentAttemptRow {
  return {
    id: attempt.id,
    sessionId: attempt.sessionId,
    paymentMethod: attempt.paymentMethod,
    amount: attempt.amount,
    installments: attempt.installments,
    status: ATTEMPT.sending,
    gatewayStatus: null,
    transactionId: null,
    gatewayResponse: null,
    gatewayErrors: null,
    cardLast4: attempt.cardLast4,
    customerDocument: attempt.customerDocument,
    cardBrand: null,
    payerName: null,
    payerEmail: attempt.payerEmail ?? null,
    gatewayRefId: null,
    saveCard: attempt.saveCard ?? false,
    savedCardId: attempt.savedCardId ?? null,
    refundReason: null,
    checkedAt: null,
    authorizedAmount: null,
    capturedAmount: 0,
    refundedAmount: 0,
    authorizedAt: null,
    captureDeadlineAt: null,
    captureWarnedAt: null,
    paidAt: null,
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
  const row = await insertSendingAttempt(db, attempt, now, rules, new Date(now.getTime() + CRASH_GUARD_MS));
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
