import { Suspense, useEffect, useMemo } from 'react';
import { I18nProvider } from '../i18n/i18n-context.tsx';
import { negotiateLocale } from '../i18n/locale.ts';
import { localeFromSearchParams } from '../lib/order-config.ts';
import { SERVED_SESSION_ID, servedSessionLocale } from '../lib/public-session.ts';
import { readServedJson } from '../lib/served-json.ts';
import { Layout } from './layout.tsx';
import { routeOf } from './routes.tsx';
import { useLocation } from './use-location.ts';

export function App() {
  const location = useLocation();
  const { frame, page } = routeOf(location);
  const onSessionPage = frame === 'shopper';
  // The shopper's `lang` wins, then the language the shop chose for the session, then the browser's.
  const locale = useMemo(
    () =>
      localeFromSearchParams(location.searchParams) ??
      (onSessionPage ? servedSessionLocale(readServedJson(SERVED_SESSION_ID)) : undefined) ??
      negotiateLocale(navigator.languages),
    [location.searchParams, onSessionPage],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const content = <Suspense fallback={null}>{page}</Suspense>;
  return (
    <I18nProvider locale={locale}>
      {frame === 'none' ? content : <Layout shopper={frame === 'shopper'}>{content}</Layout>}
    </I18nProvider>
  );
}
