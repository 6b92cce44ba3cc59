/** Statuses known from the closest documented API of this family (docs/gateway-api.md §3). */
export type TransactionOutcome = 'approved' | 'declined' | 'pending' | 'waiting_payment' | 'refunded';

/** Unknown statuses are "pending": a new status must never crash or be mistaken for a success. */
export function outcomeOf(status: string): TransactionOutcome {
  switch (status) {
    case 'paid':
    case 'authorized':
      return 'approved';
    case 'refused':
    case 'canceled':
    case 'chargedback':
      return 'declined';
    case 'waiting_payment':
      return 'waiting_payment';
    case 'pending_refund':
    case 'refunded':
      return 'refunded';
    default:
      return 'pending';
  }
}
