import { lazy, Suspense } from 'react';
import { sessionEndedUnderUser } from './console-query-client.ts';
import { useConsoleRoute, type ConsoleRoute } from './console-route.ts';
import { ConsoleShell, NotFoundPage } from './console-shell.tsx';
import { LoginPage } from './login-page.tsx';
import { ErrorState, LoadingState } from './states.tsx';
import { useMe } from './use-me.ts';

// Each page is its own chunk: the login page loads nothing of the payments.
const CHUNKS = {
  home: () => import('./home-page.tsx'),
  payments: () => import('./payments-page.tsx'),
  payment: () => import('./payment-page.tsx'),
  customers: () => import('./customers-page.tsx'),
  customer: () => import('./customer-page.tsx'),
  developers: () => import('./developers-page.tsx'),
  links: () => import('./links-page.tsx'),
  'link-print': () => import('./link-print-page.tsx'),
  events: () => import('./events-page.tsx'),
  settings: () => import('./settings-page.tsx'),
} satisfies Partial<Record<ConsoleRoute['page'], () => Promise<unknown>>>;

/**
 * The page the address names starts loading with the app (main.tsx), beside "who is logged in", rather than
 * after it answers: one round trip less before the page shows (Lighthouse's slow 4G: about 300 ms).
 */
export function preloadPage(route: ConsoleRoute): void {
  if (route.page in CHUNKS) void CHUNKS[route.page as keyof typeof CHUNKS]().catch(() => undefined);
}

const HomePage = lazy(() => CHUNKS.home().then((m) => ({ default: m.HomePage })));
const PaymentsPage = lazy(() => CHUNKS.payments().then((m) => ({ default: m.PaymentsPage })));
const PaymentPage = lazy(() => CHUNKS.payment().then((m) => ({ default: m.PaymentPage })));
const CustomersPage = lazy(() => CHUNKS.customers().then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => CHUNKS.customer().then((m) => ({ default: m.CustomerPage })));
const DevelopersPage = lazy(() => CHUNKS.developers().then((m) => ({ default: m.DevelopersPage })));
const LinksPage = lazy(() => CHUNKS.links().then((m) => ({ default: m.LinksPage })));
const LinkPrintPage = lazy(() => CHUNKS['link-print']().then((m) => ({ default: m.LinkPrintPage })));
const EventsPage = lazy(() => CHUNKS.events().then((m) => ({ default: m.EventsPage })));
const SettingsPage = lazy(() => CHUNKS.settings().then((m) => ({ default: m.SettingsPage })));

export function ConsoleApp() {
  const me = useMe();
  const route = useConsoleRoute();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) return <LoginPage ended={sessionEndedUnderUser()} />;
  return (
    <ConsoleShell me={me.data} route={route}>
      <Suspense fallback={<LoadingState />}>
        {route.page === 'home' ? (
          <HomePage />
        ) : route.page === 'payments' ? (
          <PaymentsPage query={route.query} />
        ) : route.page === 'payment' ? (
          <PaymentPage id={route.id} me={me.data} />
        ) : route.page === 'customers' ? (
          <CustomersPage q={route.q} />
        ) : route.page === 'customer' ? (
          <CustomerPage id={route.id} />
        ) : route.page === 'developers' ? (
          <DevelopersPage />
        ) : route.page === 'links' ? (
          <LinksPage me={me.data} />
        ) : route.page === 'link-print' ? (
          <LinkPrintPage id={route.id} />
        ) : route.page === 'events' ? (
          <EventsPage me={me.data} />
        ) : route.page === 'settings' ? (
          <SettingsPage me={me.data} />
        ) : (
          <NotFoundPage />
        )}
      </Suspense>
    </ConsoleShell>
  );
}
