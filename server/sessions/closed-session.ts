import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import { effectiveStatus } from './session-repository.ts';

/**
 * The one rule of every shopper read (docs/decisions/102-closed-session-reveals-less.md): once a session is
 * complete or expired its link — forwarded, bookmarked, in a browser's history — shows the result only.
 * The page (`GET /api/pay/{id}` and the HTML that embeds it), its saved cards (`/cards`) and its
 * transactions (`/v1/transactions/{id}`) all ask this, so none of them shows more than the others.
 */
export function isClosedToShopper(session: CheckoutSessionRow, now: Date): boolean {
  const status = effectiveStatus(session, now);
  switch (status) {
    case 'open':
      return false;
    case 'complete':
    case 'expired':
      return true;
  }
}

/**
 * A closed session's payment as its result page needs it: what was paid, how and when, the reference
 * support asks for, and the card's network and last digits — not the customer, billing address, items,
 * 3DS data or a PIX code that could still be scanned.
 */
export function closedTransaction(transaction: Transaction): Transaction {
  const { card } = transaction;
  return {
    id: transaction.id,
    amount: transaction.amount,
    capture_amount: transaction.capture_amount,
    paid_amount: transaction.paid_amount,
    refunded_amount: transaction.refunded_amount,
    ref_id: transaction.ref_id,
    status: transaction.status,
    created_at: transaction.created_at,
    updated_at: transaction.updated_at,
    installments: transaction.installments,
    payment_method: transaction.payment_method,
    ...(card ? { card: { brand: card.brand, card_last_digits: card.card_last_digits } } : {}),
  };
}

/** A transaction of this session as the shopper may read it: as the gateway gave it while open. */
export function shopperTransaction(
  session: CheckoutSessionRow,
  transaction: Transaction,
  now: Date,
): Transaction {
  return isClosedToShopper(session, now) ? closedTransaction(transaction) : transaction;
}

export interface ClosedSessionError {
  status: 409 | 410;
  message: string;
  type: 'session_complete' | 'session_expired';
}

/** A paid or expired session does nothing that costs a gateway call any more: the error to answer, if so. */
export function closedSessionError(session: CheckoutSessionRow, now: Date): ClosedSessionError | undefined {
  const status = effectiveStatus(session, now);
  if (status === 'complete')
    return { status: 409, message: 'This checkout is already paid.', type: 'session_complete' };
  if (status === 'expired')
    return {
      status: 410,
      message: 'This checkout has expired. Ask the shop for a new link.',
      type: 'session_expired',
    };
  return undefined;
}
