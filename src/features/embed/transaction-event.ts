import { outcomeOf } from '../../lib/transaction-status.ts';
import type { AppEvent } from './embed-messages.ts';

/** Only what the host may know: id, status, amount. Card data, QR codes and customers stay inside. */
interface TransactionFacts {
  id: number;
  status: string;
  amount: number;
  payment_method: string;
}

/**
 * The event a transaction's current status means for the host, or null while nothing is settled.
 * A PIX charge waiting for the shopper's bank app is `pix_created`; a later `paid` is the success.
 */
export function transactionEvent(transaction: TransactionFacts): AppEvent | null {
  const facts = { transactionId: transaction.id, status: transaction.status, amount: transaction.amount };
  switch (outcomeOf(transaction.status)) {
    case 'approved':
      return { type: 'payment_succeeded', ...facts };
    case 'declined':
      return { type: 'payment_failed', ...facts };
    case 'waiting_payment':
      return transaction.payment_method === 'pix' ? { type: 'pix_created', ...facts } : null;
    case 'pending':
    case 'refunded':
      return null;
  }
}
