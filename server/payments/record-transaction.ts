import { eq } from 'drizzle-orm';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { Database } from '../db/database.ts';
import { checkoutSessions, paymentAttempts, paymentEvents } from '../db/schema.ts';
import { writeEvents, type NewMerchantEvent } from '../events/outbox.ts';
import { toMerchantPayment, toSessionEventObject } from '../events/payment-view.ts';
import { cardFactsOfTransaction } from '../saved-cards/card-facts.ts';
import { savedCardCustomer } from '../saved-cards/saved-card-customer.ts';
import { saveCard } from '../saved-cards/saved-card-repository.ts';
import { COMPLETING_STATUSES } from './attempt-status.ts';
import { capturedAmountOf, FOLLOWED_STATUSES, isRegression, paymentEventTypes } from './transitions.ts';

/** Issuers drop an uncaptured authorisation after about five days (docs/decisions.md: capture deadline). */
export const CAPTURE_WINDOW_MS = 5 * 24 * 3_600_000;
/** First reconciliation check of a payment still moving; later ones back off (jobs/reconcile.ts). */
export const FIRST_CHECK_DELAY_MS = 15_000;

export type ChangeSource =
  'payment' | 'shopper' | 'webhook' | 'reconciliation' | 'merchant' | 'capture' | 'refund';

export interface RecordOptions {
  /** Record only while the attempt still has this status (another instance may have settled it). */
  onlyIfStatus?: string;
  /** Who saw the change, for the payment's history. */
  source?: ChangeSource;
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
  options: RecordOptions = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ attempt: paymentAttempts, session: checkoutSessions })
      .from(paymentAttempts)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
      .where(eq(paymentAttempts.id, attemptId))
      .for('update', { of: [paymentAttempts, checkoutSessions] });
    if (!locked) return false;
    const { attempt, session } = locked;
    if (options.onlyIfStatus !== undefined && attempt.status !== options.onlyIfStatus) return false;
    if (attempt.transactionId !== null && attempt.transactionId !== transaction.id) return false;
    if (isRegression(attempt.status, transaction.status)) {
      await tx.update(paymentAttempts).set({ checkedAt: now }).where(eq(paymentAttempts.id, attemptId));
      return true;
    }

    const status = transaction.status;
    const authorizedNow = status === 'authorized' && attempt.authorizedAt === null;
    const authorizedAt = authorizedNow ? now : attempt.authorizedAt;
    const capturedAmount = Math.max(
      attempt.capturedAmount,
      capturedAmountOf(status, transaction.paid_amount, transaction.amount),
    );
    const refundedAmount = Math.max(attempt.refundedAmount, transaction.refunded_amount ?? 0);
    const followed = FOLLOWED_STATUSES.has(status);
    const [updated] = await tx
      .update(paymentAttempts)
      .set({
        status,
        transactionId: transaction.id,
        gatewayResponse: transaction,
        checkedAt: now,
        updatedAt: now,
        authorizedAmount:
          status === 'authorized'
            ? transaction.amount
            : (attempt.authorizedAmount ?? (capturedAmount || null)),
        authorizedAt,
        captureDeadlineAt: authorizedNow
          ? new Date(now.getTime() + CAPTURE_WINDOW_MS)
          : attempt.captureDeadlineAt,
        capturedAmount,
        refundedAmount,
        // The first answer replaces the crash guard set when the attempt began (begin-attempt.ts).
        nextCheckAt: followed
          ? attempt.transactionId === null || attempt.nextCheckAt === null
            ? new Date(now.getTime() + FIRST_CHECK_DELAY_MS)
            : attempt.nextCheckAt
          : null,
      })
      .where(eq(paymentAttempts.id, attemptId))
      .returning();
    if (!updated) return false;

    const types = paymentEventTypes(
      {
        status: attempt.status,
        paymentMethod: attempt.paymentMethod,
        capturedAmount: attempt.capturedAmount,
        refundedAmount: attempt.refundedAmount,
      },
      { status, paymentMethod: attempt.paymentMethod, capturedAmount, refundedAmount },
    );
    const payment = toMerchantPayment(updated, session);
    const events: NewMerchantEvent[] = types.map((type) => ({
      type,
      object:
        type === 'payment.refunded'
          ? { ...payment, amount_refunded_now: refundedAmount - attempt.refundedAmount }
          : payment,
      sessionId: session.id,
      attemptId,
    }));
    // The shopper's consent (saveCard) and a paid or authorised card: the card is kept for the session's
    // customer in this same transaction, so a recorded payment and its saved card commit together.
    const customer = savedCardCustomer(session);
    if (attempt.saveCard && customer !== undefined && COMPLETING_STATUSES.has(status)) {
      const facts = cardFactsOfTransaction(transaction.card);
      if (facts) await saveCard(tx, customer, facts, session.id, now);
    }
    if (COMPLETING_STATUSES.has(status) && session.status !== 'complete') {
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', updatedAt: now })
        .where(eq(checkoutSessions.id, session.id));
      events.push({
        type: 'checkout.session.completed',
        object: { ...toSessionEventObject(session, 'complete'), payment },
        sessionId: session.id,
        attemptId,
      });
    }
    if (
      attempt.status !== status ||
      refundedAmount !== attempt.refundedAmount ||
      capturedAmount !== attempt.capturedAmount
    ) {
      await tx.insert(paymentEvents).values({
        attemptId,
        fromStatus: attempt.status,
        toStatus: status,
        source: options.source ?? 'payment',
        detail: {
          transaction_id: transaction.id,
          captured_amount: capturedAmount,
          refunded_amount: refundedAmount,
        },
        createdAt: now,
      });
    }
    await writeEvents(tx, events, now);
    return true;
  });
}
