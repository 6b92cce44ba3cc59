import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';

interface OrderSummaryProps {
  order: OrderConfig;
  /**
   * The customer pays the card fees: the chosen plan's total (undefined while the gateway's simulation
   * is on its way), shown as a fees line and as the total — the amount the card will be charged.
   */
  cardFees?: { charged: number | undefined } | undefined;
}

export function OrderSummary({ order, cardFees }: OrderSummaryProps) {
  const { t, locale } = useI18n();
  const total = cardFees ? cardFees.charged : order.amount;
  return (
    <section className="summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="summary__heading">
        {t('checkout.summary')}
      </h2>
      <ul className="summary__items">
        {order.items.map((item, index) => (
          <li key={index} className="summary__item">
            <span>
              {item.title}
              {item.quantity > 1 ? (
                <span className="summary__qty"> · {t('checkout.quantity', { quantity: item.quantity })}</span>
              ) : null}
            </span>
            <span>{formatCents(item.unitPrice * item.quantity, locale)}</span>
          </li>
        ))}
        {order.shipping ? (
          <li className="summary__item">
            <span>{t('checkout.delivery')}</span>
            <span>{formatCents(order.shipping.fee, locale)}</span>
          </li>
        ) : null}
      </ul>
      <p className="summary__total">
        <span>{t('checkout.total')}</span>
        {/* Polite: the total follows the plan, and a screen reader should hear the new price. */}
        <strong aria-live="polite">
          {total === undefined ? t('checkout.calculating') : formatCents(total, locale)}
        </strong>
      </p>
    </section>
  );
}
