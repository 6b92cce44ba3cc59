import type { ConsoleLink } from '../../../contract/console/console-links.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatCents } from '../common/console-format.ts';
import type { LinksMessages } from './links-messages.ts';

/** What a link asks for: its order's total (items and shipping), or the range the shopper chooses in. */
export function linkAmountText(
  link: Pick<ConsoleLink, 'items' | 'shipping_fee' | 'custom_amount'>,
  locale: Locale,
  w: LinksMessages,
): string {
  if (link.custom_amount) {
    return w.amountRange(
      formatCents(link.custom_amount.min, locale),
      formatCents(link.custom_amount.max, locale),
    );
  }
  const total =
    (link.items ?? []).reduce((sum, item) => sum + item.unit_price * item.quantity, 0) +
    (link.shipping_fee ?? 0);
  return formatCents(total, locale);
}
