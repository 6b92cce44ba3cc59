import { lazy, Suspense, useEffect, useMemo } from 'react';
import { RETURN_PATH } from '../features/three-ds/return-reference.ts';
import { EMBED_PATH } from '../features/embed/embed-protocol.ts';
import { I18nProvider } from '../i18n/i18n-context.tsx';
import { negotiateLocale } from '../i18n/locale.ts';
import { localeFromSearchParams } from '../lib/order-config.ts';
import { SERVED_SESSION_ID, servedSessionLocale } from '../lib/public-session.ts';
import { readServedJson } from '../lib/served-json.ts';
import { sessionPageOf } from '../lib/session-paths.ts';
import { CheckoutRoute } from './checkout-route.tsx';
import { Layout } from './layout.tsx';
import { EmbedRoute } from './lazy-routes.tsx';
import { NotFound, ThreeDSReturnPage } from './lazy-screens.tsx';
import { SessionRoute } from './session-route.tsx';
import { SimulatorRoute } from './simulator-route.tsx';
import { useLocation } from './use-location.ts';

/** The bank's 3DS challenge, mock mode only: statically null otherwise, so no mock code is bundled. */
const MockBankChallenge =
  import.meta.env.MODE === 'mock'
    ? lazy(() => import('../mock/bank-challenge-page.tsx').then((m) => ({ default: m.BankChallengePage })))
    : null;

export function App() {
  const location = useLocation();
  const sessionPage = sessionPageOf(location.pathname);
  const onSessionPage = sessionPage !== undefined;
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

  if (MockBankChallenge && location.pathname === '/mock-bank/challenge') {
    // The bank is another site: its own frame, not the checkout's layout.
    return (
      <I18nProvider locale={locale}>
        <Suspense fallback={null}>
          <MockBankChallenge search={location.searchParams} />
        </Suspense>
      </I18nProvider>
    );
  }

  if (location.pathname === EMBED_PATH) {
    // Inside a merchant's page: no site header, no language menu; the host chose both.
    return (
      <I18nProvider locale={locale}>
        <Suspense fallback={null}>
          <EmbedRoute search={location.searchParams} />
        </Suspense>
      </I18nProvider>
    );
  }

  if (sessionPage) {
    // A shopper's link: no simulator or other pages in the header.
    return (
      <I18nProvider locale={locale}>
        <Layout shopper>
          <SessionRoute page={sessionPage} />
        </Layout>
      </I18nProvider>
    );
  }

  let page;
  switch (location.pathname) {
    case '/':
      page = <CheckoutRoute search={location.searchParams} />;
      break;
    case '/simulator':
      page = <SimulatorRoute search={location.searchParams} />;
      break;
    case RETURN_PATH:
      page = (
        <Suspense fallback={null}>
          <ThreeDSReturnPage search={location.searchParams} />
        </Suspense>
      );
      break;
    default:
      page = (
        <Suspense fallback={null}>
          <NotFound />
        </Suspense>
      );
  }
  return (
    <I18nProvider locale={locale}>
      <Layout shopper={location.pathname !== '/simulator'}>{page}</Layout>
    </I18nProvider>
  );
}
