import { sql, type SQL } from 'drizzle-orm';
import type { PaymentLinkStatus } from '../../contract/payment-links/payment-link.ts';
import { paymentLinks, type PaymentLinkRow } from '../db/schema.ts';

type StatusFacts = Pick<PaymentLinkRow, 'active' | 'maxPayments' | 'paymentsCount' | 'expiresAt'>;

/**
 * A link's status is derived, never stored: the merchant's switch first (`inactive`), then used up
 * (`completed`: `max_payments` sessions paid), then its expiry; otherwise `active`. Nothing has to run
 * at the expiry instant for a link to read as expired.
 */
export function linkStatus(row: StatusFacts, now: Date): PaymentLinkStatus {
  if (!row.active) return 'inactive';
  if (row.maxPayments !== null && row.paymentsCount >= row.maxPayments) return 'completed';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The same rule in SQL, for the list's `status` filter. */
export function linkStatusCondition(status: PaymentLinkStatus, now: Date): SQL {
  const t = paymentLinks;
  const completed = sql`(${t.maxPayments} is not null and ${t.paymentsCount} >= ${t.maxPayments})`;
  const expired = sql`(${t.expiresAt} is not null and ${t.expiresAt} <= ${now.toISOString()}::timestamptz)`;
  switch (status) {
    case 'inactive':
      return sql`not ${t.active}`;
    case 'completed':
      return sql`(${t.active} and ${completed})`;
    case 'expired':
      return sql`(${t.active} and not ${completed} and ${expired})`;
    case 'active':
      return sql`(${t.active} and not ${completed} and not ${expired})`;
  }
}
