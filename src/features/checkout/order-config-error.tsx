import { useI18n } from '../../i18n/i18n-context.tsx';
// A rare page (a broken link): its words load with it.
import '../../i18n/catalogues/order-error.ts';

interface OrderConfigErrorProps {
  problems: readonly string[];
  /** The production server: orders come only from a shop's checkout session, never from the URL. */
  sessionsOnly?: boolean;
}

/** The merchant's link is broken: say which parameter, so the store can fix it. */
export function OrderConfigError({ problems, sessionsOnly = false }: OrderConfigErrorProps) {
  const { t } = useI18n();
  return (
    <section className="config-error" aria-labelledby="config-error-heading">
      <h1 id="config-error-heading">{t('checkout.config.title')}</h1>
      {sessionsOnly ? (
        <p>{t('checkout.config.sessionOnly')}</p>
      ) : problems.length > 0 ? (
        <>
          <p>{t('checkout.config.body')}</p>
          <ul>
            {problems.map((name) => (
              <li key={name}>{t('checkout.config.param', { name })}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('checkout.config.missing')}</p>
      )}
    </section>
  );
}
