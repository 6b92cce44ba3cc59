import { shownPaymentStatus, type RefundFacts } from '../../../contract/console/payment-status-words.ts';
import type { Locale } from '../../i18n/locale.ts';
import { statusName } from './console-format.ts';

/**
 * A payment's status as the list, the customer's page and the payment's page show it: a coloured badge, "partly
 * refunded" or "refunded" once money went back (shownPaymentStatus).
 */
export function PaymentStatusBadge({ payment, locale }: { payment: RefundFacts; locale: Locale }) {
  const status = shownPaymentStatus(payment);
  return <span className={`badge status-${status}`}>{statusName(status, locale)}</span>;
}
