import type { PaymentLinkStatus } from '../../contract/payment-links/payment-link.ts';
import type { PaymentLinkRow } from '../db/rows.ts';

type StatusFacts = Pick<PaymentLinkRow, 'active' | 'maxPayments' | 'paymentsCount' | 'expiresAt'>;

/**
 * A link's status is derived, never stored: the merchant's switch first (`inactive`), then used up
 * (`completed`: `max_payments` sessions paid), then its expiry; otherwise `active`. Nothing has to run
 * at the expiry instant for a link to read as expired. The same rule in SQL, for the list's `status`
 * filter, is `linkStatusCondition` in link-repository.ts: change both together.
 */
export function linkStatus(row: StatusFacts, now: Date): PaymentLinkStatus {
  if (!row.active) return 'inactive';
  if (row.maxPayments !== null && row.paymentsCount >= row.maxPayments) return 'completed';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
