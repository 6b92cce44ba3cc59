import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';

/** The gateway's timestamps (`…123456Z`) as epoch ms. */
function createdMs(transaction: Transaction): number {
  return Date.parse(transaction.created_at);
}

/**
 * Which gateway transactions could be the one an unknown attempt created
 * (docs/decisions/043-unknown-outcomes-matched-not-retried.md): same amount and method, created within
 * `windowMs` of the attempt's life, same last four digits (card) or payer document (PIX), and not already
 * recorded on any attempt.
 */
export function matchCandidates(
  attempt: PaymentAttemptRow,
  transactions: readonly Transaction[],
  claimed: ReadonlySet<number>,
  windowMs: number,
): Transaction[] {
  const from = attempt.createdAt.getTime() - windowMs;
  const to = attempt.updatedAt.getTime() + windowMs;
  return transactions.filter((transaction) => {
    if (claimed.has(transaction.id)) return false;
    if (transaction.amount !== attempt.amount || transaction.payment_method !== attempt.paymentMethod)
      return false;
    const created = createdMs(transaction);
    if (!(created >= from && created <= to)) return false;
    if (attempt.paymentMethod === 'credit_card') {
      return attempt.cardLast4 !== null && transaction.card?.card_last_digits === attempt.cardLast4;
    }
    return (
      attempt.customerDocument !== null &&
      (transaction.customer?.documents ?? []).some((document) => document.number === attempt.customerDocument)
    );
  });
}
