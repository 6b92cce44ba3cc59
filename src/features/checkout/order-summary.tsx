import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';

export function OrderSummary({ order }: { order: OrderConfig }) {
  const { t, locale } = useI18n();
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
        <strong>{formatCents(order.amount, locale)}</strong>
      </p>
    </section>
  );
}
