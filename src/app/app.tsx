import { useEffect, useMemo } from 'react';
import { I18nProvider } from '../i18n/i18n-context.tsx';
import { negotiateLocale } from '../i18n/locale.ts';
import { localeFromSearchParams } from '../lib/order-config.ts';
import { CheckoutRoute } from './checkout-route.tsx';
import { Layout } from './layout.tsx';
import { NotFound } from './not-found.tsx';
import { SimulatorRoute } from './simulator-route.tsx';
import { useLocation } from './use-location.ts';

export function App() {
  const location = useLocation();
  const locale = useMemo(
    () => localeFromSearchParams(location.searchParams) ?? negotiateLocale(navigator.languages),
    [location.searchParams],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  let page;
  switch (location.pathname) {
    case '/':
      page = <CheckoutRoute search={location.searchParams} />;
      break;
    case '/simulator':
      page = <SimulatorRoute search={location.searchParams} />;
      break;
    default:
      page = <NotFound />;
  }
  return (
    <I18nProvider locale={locale}>
      <Layout>{page}</Layout>
    </I18nProvider>
  );
}
