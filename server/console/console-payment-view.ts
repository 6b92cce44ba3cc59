import type { ConsolePayment } from '../../contract/console/console-payments.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { boletoFacts } from '../events/payment-view.ts';

/**
 * A CPF or CNPJ as the list shows it: the middle digits only (`***.456.789-**`, `**.345.678/0001-**`), the
 * way Brazilian services print a document under the LGPD; the full number stays searchable.
 */
export function maskDocument(document: string | null | undefined): string | null {
  if (!document) return null;
  if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (/^[0-9A-Z]{14}$/.test(document)) {
    return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-**`;
  }
  return null;
}

/** What the list shows of a boleto: when it is due and whether it was paid after that. */
function listedBoleto(attempt: PaymentAttemptRow): NonNullable<ConsolePayment['boleto']> {
  const { due_date, paid_late } = boletoFacts(attempt);
  return { due_date, paid_late };
}

export function toConsolePayment(
  attempt: PaymentAttemptRow,
  session: CheckoutSessionRow,
  linkTitle: string | null,
): ConsolePayment {
  return {
    id: attempt.id,
    session_id: attempt.sessionId,
    reference: session.reference,
    transaction_id: attempt.transactionId,
    ref_id: attempt.gatewayRefId,
    payment_method: attempt.paymentMethod,
    status: attempt.status,
    amount: attempt.amount,
    authorized_amount: attempt.authorizedAmount,
    captured_amount: attempt.capturedAmount,
    refunded_amount: attempt.refundedAmount,
    capture: session.capture,
    card_brand: attempt.cardBrand,
    card_last4: attempt.cardLast4,
    payer_name: attempt.payerName ?? session.customer?.name ?? null,
    payer_email: attempt.payerEmail ?? session.customer?.email ?? null,
    payer_document: maskDocument(attempt.customerDocument ?? session.customer?.document?.number),
    payment_link_id: session.paymentLinkId,
    payment_link_title: linkTitle,
    items: session.items.map((item) => ({ title: item.title, quantity: item.quantity })),
    capture_deadline_at: attempt.captureDeadlineAt?.toISOString() ?? null,
    boleto: attempt.paymentMethod === 'boleto' ? listedBoleto(attempt) : null,
    created_at: attempt.createdAt.toISOString(),
  };
}
