import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { PaymentEventType } from '../../contract/merchant-event-objects.ts';
import type { MerchantPayment } from '../../contract/merchant-events.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { eventRowsJson, type NewMerchantEvent } from '../events/outbox.ts';
import { toMerchantPayment, toSessionEventObject } from '../events/payment-view.ts';
import { announceCompletedLinks } from '../payment-links/complete-links.ts';
import { cardFactsOfTransaction } from '../saved-cards/card-facts.ts';
import { setPayerFacts } from './payer-facts.ts';
import { copyAttemptRow } from './attempt-row.ts';
import { savedCardCustomer } from '../saved-cards/saved-card-customer.ts';
import type { CardFacts } from '../saved-cards/saved-card-repository.ts';
import { runChangeStatement } from './apply-change-repository.ts';
import { lockAttemptAndSession, markAttemptChecked, type ChangeSource } from './attempt-repository.ts';
import {
  capturedAmountOf,
  COMPLETING_STATUSES,
  FOLLOWED_STATUSES,
  isRegression,
  paymentEventTypes,
  REFUND_SETTLED,
  statusOfGateway,
} from './state-machine.ts';

/**
 * Issuers drop an uncaptured authorisation after about five days (docs/decisions/067-capture-and-refunds.md).
 */
export const CAPTURE_WINDOW_MS = 5 * 24 * 3_600_000;
/** First reconciliation check of a payment still moving; later ones back off (jobs/reconcile.ts). */
export const FIRST_CHECK_DELAY_MS = 15_000;

export interface RecordOptions {
  /** PUBLIC_URL: the link's `url` in `payment_link.completed` when this payment uses its link up. */
  publicUrl: string;
  /** Record only while the attempt still has this status (another instance may have settled it). */
  onlyIfStatus?: string;
  /** Who saw the change, for the payment's history. */
  source?: ChangeSource;
}

type SessionFacts = Pick<
  CheckoutSessionRow,
  'id' | 'reference' | 'amount' | 'metadata' | 'capture' | 'saveCards' | 'customer' | 'paymentLinkId'
>;

type ChangePlan =
  | { kind: 'ignore' }
  /** The read would move the payment backwards: only `checked_at` moves. */
  | { kind: 'regression' }
  | {
      kind: 'change';
      /** The attempt row after the change. */
      row: PaymentAttemptRow;
      /** A history row: the status or an amount moved. */
      moved: boolean;
      events: NewMerchantEvent[];
      /** Paid or authorised: the session completes — if it is not complete yet, which the statement checks. */
      completion: NewMerchantEvent | undefined;
      /** Paid or authorised with the shopper's consent: the card kept for the session's customer. */
      savedCard: { customer: string; facts: CardFacts } | undefined;
      /** The session's payment link: its count grows when the session completes. */
      paymentLinkId: string | null;
    };

/** The gateway's timestamp (`2026-11-22T00:13:27.123000Z`), or ours when it cannot be read or lies ahead. */
function gatewayTime(stamp: string, now: Date): Date {
  const parsed = Date.parse(stamp.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isFinite(parsed) && parsed <= now.getTime() ? new Date(parsed) : now;
}

/** One payment event of a change: the payment, and for a refund how much this one gave back. */
function paymentEvent(
  type: PaymentEventType,
  payment: MerchantPayment,
  refundedNow: number,
  ids: { sessionId: string; attemptId: string },
): NewMerchantEvent {
  return type === 'payment.refunded'
    ? { type, object: { ...payment, amount_refunded_now: refundedNow }, ...ids }
    : { type, object: payment, ...ids };
}

/**
 * What the gateway's transaction changes on an attempt (pure): its new row, the history and the
 * merchant's events of exactly this change. Duplicate or late reads change nothing and announce nothing.
 */
function planChange(
  attempt: PaymentAttemptRow,
  session: SessionFacts,
  transaction: Transaction,
  now: Date,
  options: Omit<RecordOptions, 'publicUrl'>,
): ChangePlan {
  if (options.onlyIfStatus !== undefined && attempt.status !== options.onlyIfStatus)
    return { kind: 'ignore' };
  if (attempt.transactionId !== null && attempt.transactionId !== transaction.id) return { kind: 'ignore' };
  // A partial PIX refund ends by going back from `pending_refund` to `paid` with a larger refunded total; a
  // stale read from before the refund has none, and stays a regression.
  // The gateway's raw status is kept as is (`gateway_status`); one we do not know reads as in progress.
  const status = statusOfGateway(transaction.status);
  const partialRefundDone =
    attempt.status === REFUND_SETTLED.from &&
    status === REFUND_SETTLED.to &&
    (transaction.refunded_amount ?? 0) > attempt.refundedAmount;
  if (!partialRefundDone && isRegression(attempt.status, status)) return { kind: 'regression' };

  const authorizedNow = status === 'authorized' && attempt.authorizedAt === null;
  const capturedAmount = Math.max(
    attempt.capturedAmount,
    capturedAmountOf(status, transaction.paid_amount, transaction.amount),
  );
  // A refund the gateway has not finished (a PIX `pending_refund`) is not money back yet: the refunded total,
  // and `payment.refunded`, wait for the status that ends it
  // (docs/decisions/073-pix-refund-when-finished.md).
  const refundedAmount =
    status === 'pending_refund'
      ? attempt.refundedAmount
      : Math.max(attempt.refundedAmount, transaction.refunded_amount ?? 0);
  // Assigned on a copy, not spread into a new literal: one hidden class for every row (attempt-row.ts).
  const row = copyAttemptRow(attempt);
  row.status = status;
  row.gatewayStatus = transaction.status;
  row.transactionId = transaction.id;
  row.gatewayResponse = transaction;
  row.checkedAt = now;
  row.updatedAt = now;
  row.authorizedAmount =
    status === 'authorized' ? transaction.amount : (attempt.authorizedAmount ?? (capturedAmount || null));
  row.authorizedAt = authorizedNow ? now : attempt.authorizedAt;
  row.captureDeadlineAt = authorizedNow
    ? new Date(now.getTime() + CAPTURE_WINDOW_MS)
    : attempt.captureDeadlineAt;
  row.capturedAmount = capturedAmount;
  row.refundedAmount = refundedAmount;
  // The gateway's time of the first read that says the money was taken (a boleto paid late says so).
  row.paidAt = attempt.paidAt ?? (capturedAmount > 0 ? gatewayTime(transaction.updated_at, now) : null);
  setPayerFacts(row, attempt, session, transaction);
  // The first answer replaces the crash guard set when the attempt began (begin-attempt.ts).
  row.nextCheckAt = FOLLOWED_STATUSES.has(status)
    ? attempt.transactionId === null || attempt.nextCheckAt === null
      ? new Date(now.getTime() + FIRST_CHECK_DELAY_MS)
      : attempt.nextCheckAt
    : null;

  const payment = toMerchantPayment(row, session);
  const events: NewMerchantEvent[] = paymentEventTypes(
    {
      status: attempt.status,
      paymentMethod: attempt.paymentMethod,
      capturedAmount: attempt.capturedAmount,
      refundedAmount: attempt.refundedAmount,
    },
    { status, paymentMethod: attempt.paymentMethod, capturedAmount, refundedAmount },
  ).map((type) =>
    paymentEvent(type, payment, refundedAmount - attempt.refundedAmount, {
      sessionId: session.id,
      attemptId: attempt.id,
    }),
  );
  const completion: NewMerchantEvent | undefined = COMPLETING_STATUSES.has(status)
    ? {
        type: 'checkout.session.completed',
        object: { ...toSessionEventObject(session, 'complete'), payment },
        sessionId: session.id,
        attemptId: attempt.id,
      }
    : undefined;
  // The shopper's consent (recorded on the attempt) and a paid or authorised card: the card is kept for
  // the session's customer in the statement that records this status (docs/decisions/076-saved-cards.md).
  const customer = savedCardCustomer(session);
  const facts =
    attempt.saveCard && customer !== undefined && COMPLETING_STATUSES.has(status)
      ? cardFactsOfTransaction(transaction.card)
      : undefined;
  const moved =
    attempt.status !== status ||
    refundedAmount !== attempt.refundedAmount ||
    capturedAmount !== attempt.capturedAmount;
  const savedCard = facts && customer !== undefined ? { customer, facts } : undefined;
  return { kind: 'change', row, moved, events, completion, savedCard, paymentLinkId: session.paymentLinkId };
}

/**
 * Applies a planned change in ONE statement — one round trip, one transaction: the attempt is updated
 * only while it is still as it was planned from (status, transaction and amounts), and the session's
 * completion, the history row and the outbox events are written only when it was. Answers whether the
 * attempt was updated, and the payment link it used up if it did (the caller announces it). One statement
 * instead of six keeps the server's added latency within budget.
 */
async function applyChange(
  db: Database,
  before: PaymentAttemptRow,
  plan: Extract<ChangePlan, { kind: 'change' }>,
  source: ChangeSource,
  now: Date,
): Promise<Applied & UsedUp> {
  const { row } = plan;
  const card = plan.savedCard;
  const counts = await runChangeStatement(
    db,
    {
      history: plan.moved,
      completion: plan.completion !== undefined,
      link: Boolean(plan.paymentLinkId),
      saved: card !== undefined,
      events: plan.events.length > 0,
      noTransactionYet: before.transactionId === null,
    },
    {
      attemptId: before.id,
      sessionId: before.sessionId,
      from: before.status,
      to: row.status,
      source,
      at: now,
      row,
      // Still as planned from: the same transaction (or none yet) and the same amounts.
      before,
      detail: {
        transaction_id: row.transactionId,
        gateway_status: row.gatewayStatus,
        captured_amount: row.capturedAmount,
        refunded_amount: row.refundedAmount,
      },
      settlesRefund: row.refundedAmount > before.refundedAmount,
      paymentLinkId: plan.paymentLinkId,
      ...(card === undefined ? {} : { savedCard: { customer: card.customer, ...card.facts } }),
      eventsJson: eventRowsJson(plan.events, now),
      completionJson: eventRowsJson(plan.completion ? [plan.completion] : [], now),
    },
  );
  const updated = counts.updated === 1;
  const usedUpLink = counts.linkCompleted === 1 ? plan.paymentLinkId : null;
  // Money taken, the session not completed by it: it was already paid by another attempt (decision 222).
  const duplicate =
    updated &&
    plan.completion !== undefined &&
    counts.completed === 0 &&
    !COMPLETING_STATUSES.has(before.status);
  return { updated, duplicate, usedUpLink };
}

/** The payment link a change used up (`max_payments` reached), whose `payment_link.completed` is due. */
interface UsedUp {
  usedUpLink: string | null;
}

/**
 * `payment_link.completed` for the link a change used up, right after the change committed, written as
 * every link event is (payment-links/complete-links.ts, decision 289): the answer's statement stays one
 * statement, and the sweeps job announces it if this process stops in between.
 */
async function announceUsedUp(db: Database, usedUp: UsedUp, now: Date, publicUrl: string): Promise<void> {
  if (usedUp.usedUpLink !== null) await announceCompletedLinks(db, { now, publicUrl, id: usedUp.usedUpLink });
}

/** Whether the attempt was updated, and whether it took money on a session another attempt had already paid. */
interface Applied {
  updated: boolean;
  duplicate: boolean;
}

/**
 * One state change of a payment, one database transaction: the attempt row is locked, takes the
 * gateway's transaction (already sanitised by the gateway client) unless that would move it backwards,
 * completes the session when paid or authorised, and writes the history row and the merchant's events
 * (outbox) of exactly this change. Duplicate or late reads change nothing and announce nothing.
 * Answers whether the attempt was updated.
 */
export async function recordTransaction(
  db: Database,
  attemptId: string,
  transaction: Transaction,
  now: Date,
  options: RecordOptions,
): Promise<boolean> {
  const result = await db.transaction(async (tx): Promise<{ updated: boolean } & UsedUp> => {
    const locked = await lockAttemptAndSession(tx, attemptId);
    if (!locked) return { updated: false, usedUpLink: null };
    const { attempt, session } = locked;
    const plan = planChange(attempt, session, transaction, now, options);
    if (plan.kind === 'ignore') return { updated: false, usedUpLink: null };
    if (plan.kind === 'regression') {
      await markAttemptChecked(tx, attemptId, now);
      return { updated: true, usedUpLink: null };
    }
    return applyChange(tx, attempt, plan, options.source ?? 'payment', now);
  });
  await announceUsedUp(db, result, now, options.publicUrl);
  return result.updated;
}

/**
 * The gateway's first answer to a payment we just began: the attempt's row is known (begin-attempt.ts
 * answers it), so the change is planned without reading and applied in one statement that checks the
 * row is still as begun. If anything moved it meanwhile (a webhook, another instance), the locked path
 * above decides instead. Answers whether the attempt was updated and whether it may be a duplicate
 * payment of its session (then refund-duplicate.ts looks; on the common path this costs no read).
 */
export async function recordFirstAnswer(
  db: Database,
  started: PaymentAttemptRow,
  session: SessionFacts,
  transaction: Transaction,
  now: Date,
  publicUrl: string,
): Promise<Applied> {
  const plan = planChange(started, session, transaction, now, {});
  if (plan.kind === 'change') {
    const { updated, duplicate, usedUpLink } = await applyChange(db, started, plan, 'payment', now);
    if (updated) {
      await announceUsedUp(db, { usedUpLink }, now, publicUrl);
      return { updated, duplicate };
    }
  }
  const updated = await recordTransaction(db, started.id, transaction, now, { publicUrl });
  return { updated, duplicate: updated };
}
