import type { Database } from '../db/database.ts';
import { queryOnCheckoutLane } from '../db/query-rows.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import {
  countHitsText,
  countOf,
  maybeSweepHits,
  rateVerdict,
  type RateRule,
  type RateVerdict,
} from '../rate-limit/rate-limit.ts';
import { upsertHitsText } from '../rate-limit/rate-limit-repository.ts';
import { ATTEMPT, PAYABLE_STATUSES, sqlStatusList } from './state-machine.ts';

export interface AttemptStart {
  id: string;
  sessionId: string;
  paymentMethod: 'credit_card' | 'pix' | 'boleto';
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
const PAYABLE_SQL = sqlStatusList(PAYABLE_STATUSES);

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
    payerEmail: null,
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

/** Constant texts of the statement, by number of rate-limit rules (0, or 2 for a payment). */
const beginTexts = new Map<number, string>();

/**
 * The statement `beginAttempt` runs, as constant text (no SQL built per payment:
 * docs/decisions/145-prepared-statements-and-constant-sql.md). Parameters: the rules' hits (key, window start)
 * from $1, then each rule's limit, then the attempt's values.
 */
function beginText(ruleCount: number): string {
  const known = beginTexts.get(ruleCount);
  if (known !== undefined) return known;
  const hit = (index: number) => `$${1 + 2 * index}`;
  const limit = (index: number) => `$${2 * ruleCount + 1 + index}`;
  let next = 3 * ruleCount;
  const p = () => `$${(next += 1)}`;
  const [id, sessionId, at, method, amount, installments, last4, document, saveCard, savedCardId, nextCheck] =
    Array.from({ length: 11 }, p);
  const rules = Array.from({ length: ruleCount }, (_, index) => index);
  const allowed =
    ruleCount === 0
      ? 'true'
      : `not exists (select 1 from hits where ${rules
          .map((index) => `(hits.key = ${hit(index)} and hits.count > ${limit(index)})`)
          .join(' or ')})`;
  const counts = rules
    .map((index) => `, (select count from hits where key = ${hit(index)}) as c${index}`)
    .join('');
  const text = `with ${ruleCount === 0 ? '' : `hits as (${upsertHitsText(ruleCount)}),`}
        session as (
          select id from checkout_sessions
          where id = ${sessionId} and status = 'open' and expires_at > ${at}::timestamptz
            and ${allowed}
          for update
        ),
        inserted as (
          insert into payment_attempts
            (id, session_id, payment_method, amount, installments, status, card_last4, customer_document,
             save_card, saved_card_id, created_at, updated_at, next_check_at)
          select ${id}, session.id, ${method}, ${amount}, ${installments},
                 '${ATTEMPT.sending}', ${last4}, ${document},
                 ${saveCard}, ${savedCardId},
                 ${at}::timestamptz, ${at}::timestamptz,
                 ${nextCheck}::timestamptz
          from session
          on conflict (session_id) where status in (${PAYABLE_SQL}) do nothing
          returning id
        )
        select (select id from inserted) as id${counts}`;
  beginTexts.set(ruleCount, text);
  return text;
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
  const hits = rules.length === 0 ? undefined : countHitsText(rules, now);
  const rows = await queryOnCheckoutLane(db, beginText(rules.length), [
    ...(hits?.params ?? []),
    ...rules.map((rule) => rule.limit.max),
    attempt.id,
    attempt.sessionId,
    at,
    attempt.paymentMethod,
    attempt.amount,
    attempt.installments,
    attempt.cardLast4,
    attempt.customerDocument,
    attempt.saveCard ?? false,
    attempt.savedCardId ?? null,
    new Date(now.getTime() + CRASH_GUARD_MS).toISOString(),
  ]);
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
