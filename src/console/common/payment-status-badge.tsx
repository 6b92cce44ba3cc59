import type { Locale } from '../../i18n/locale.ts';
import { statusName } from './console-format.ts';

/** A payment's status as the list, the customer's page and the payment's page show it: a coloured badge. */
export function PaymentStatusBadge({ status, locale }: { status: string; locale: Locale }) {
  return <span className={`badge status-${status}`}>{statusName(status, locale)}</span>;
}
