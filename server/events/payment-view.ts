import type { MerchantSessionObject } from '../../contract/merchant-event-objects.ts';
import type { MerchantPayment } from '../../contract/merchant-events.ts';
import { boletoDueDate, isPaidLate } from '../gateway/boleto-adapter.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';

/** A session opened from a payment link says which (`payment_link_id`), in its events and its payments'. */
type LinkOf = { paymentLinkId?: string | null };

function linkField(session: LinkOf): { payment_link_id?: string } {
  return session.paymentLinkId ? { payment_link_id: session.paymentLinkId } : {};
}

/** A boleto's due date (from the gateway's answer, through the adapter) and whether it was paid after it. */
export function boletoFacts(
  attempt: Pick<PaymentAttemptRow, 'gatewayResponse' | 'paidAt'>,
): NonNullable<MerchantPayment['boleto']> {
  const dueDate = boletoDueDate(attempt.gatewayResponse);
  return {
    due_date: dueDate,
    paid_late: isPaidLate(dueDate, attempt.paidAt),
    paid_at: attempt.paidAt?.toISOString() ?? null,
  };
}

/** The merchant's view of one payment (an attempt of a session), in events and in the payments API. */
export function toMerchantPayment(
  attempt: PaymentAttemptRow,
  session: Pick<CheckoutSessionRow, 'reference' | 'capture'> & LinkOf,
): MerchantPayment {
  return {
    ...linkField(session),
    id: attempt.id,
    object: 'payment',
    session_id: attempt.sessionId,
    reference: session.reference,
    transaction_id: attempt.transactionId,
    payment_method: attempt.paymentMethod,
    status: attempt.status,
    amount: attempt.amount,
    authorized_amount: attempt.authorizedAmount,
    captured_amount: attempt.capturedAmount,
    refunded_amount: attempt.refundedAmount,
    ...(attempt.refundReason === 'duplicate_payment' ? { refund_reason: 'duplicate_payment' as const } : {}),
    capture: session.capture,
    ...(attempt.paymentMethod === 'boleto' ? { boleto: boletoFacts(attempt) } : {}),
    capture_deadline_at: attempt.captureDeadlineAt?.toISOString() ?? null,
    created_at: attempt.createdAt.toISOString(),
    updated_at: attempt.updatedAt.toISOString(),
  };
}

export function toSessionEventObject(
  session: Pick<CheckoutSessionRow, 'id' | 'reference' | 'amount' | 'metadata'> & LinkOf,
  status: CheckoutSessionRow['status'],
): MerchantSessionObject {
  return {
    ...linkField(session),
    id: session.id,
    object: 'checkout_session',
    reference: session.reference,
    status,
    amount: session.amount,
    metadata: session.metadata,
  };
}
