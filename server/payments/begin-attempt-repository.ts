import type { Database } from '../db/database.ts';
import { queryOnCheckoutLane } from '../db/query-rows.ts';
import { countHitsText, type RateRule } from '../rate-limit/rate-limit.ts';
import { upsertHitsText } from '../rate-limit/rate-limit-repository.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { ATTEMPT, PAYABLE_STATUSES } from './state-machine.ts';

/*
 * The statement that begins a payment (begin-attempt.ts): the session locked, the rate limits counted and the
 * attempt inserted as `sending`, in one round trip.
 */

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
  /** The e-mail the shopper gave for the receipt on a form that asks no customer (contract/receipt-email.ts). */
  payerEmail?: string | null;
}

/** The partial unique index's predicate, generated from the state machine (schema.ts uses the same). */
const PAYABLE_SQL = sqlStatusList(PAYABLE_STATUSES);
const OPEN_SQL = sqlStatusList(['open']);
const SENDING_SQL = sqlStatusList([ATTEMPT.sending]);

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
  const [
    id,
    sessionId,
    at,
    method,
    amount,
    installments,
    last4,
    document,
    saveCard,
    savedCardId,
    nextCheck,
    payerEmail,
  ] = Array.from({ length: 12 }, p);
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
          where id = ${sessionId} and status in (${OPEN_SQL}) and expires_at > ${at}::timestamptz
            and ${allowed}
          for update
        ),
        inserted as (
          insert into payment_attempts
            (id, session_id, payment_method, amount, installments, status, card_last4, customer_document,
             save_card, saved_card_id, created_at, updated_at, next_check_at, payer_email)
          select ${id}, session.id, ${method}, ${amount}, ${installments},
                 ${SENDING_SQL}, ${last4}, ${document},
                 ${saveCard}, ${savedCardId},
                 ${at}::timestamptz, ${at}::timestamptz,
                 ${nextCheck}::timestamptz, ${payerEmail}
          from session
          on conflict (session_id) where status in (${PAYABLE_SQL}) do nothing
          returning id
        )
        select (select id from inserted) as id${counts}`;
  beginTexts.set(ruleCount, text);
  return text;
}

/**
 * Runs the statement: answers its one row — `id` (null: nothing inserted) and each rule's count `c0`, `c1`…
 * (the rules' hits with this one).
 */
export async function insertSendingAttempt(
  db: Database,
  attempt: AttemptStart,
  now: Date,
  rules: readonly RateRule[],
  nextCheckAt: Date,
): Promise<Record<string, unknown> | undefined> {
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
    nextCheckAt.toISOString(),
    attempt.payerEmail ?? null,
  ]);
  return rows[0];
}
