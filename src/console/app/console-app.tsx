import { Suspense, useDeferredValue } from 'react';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { sessionEndedUnderUser } from './console-query-client.ts';
import type { ConsoleRoute } from '../../../contract/console/console-routes.ts';
import { useConsoleRoute } from '../shared/console-route.ts';
import { ConsoleShell, NotFoundPage } from './console-shell.tsx';
import { LoginPage } from './login-page.tsx';
import { ErrorState, LoadingState } from '../shared/states.tsx';
import { useMe } from '../shared/use-me.ts';

// Each page is its own chunk: the login page loads nothing of the payments.
const PAGES = {
  home: lazyPage(
    () => import('../home/home-page.tsx'),
    (m) => m.HomePage,
  ),
  payments: lazyPage(
    () => import('../payments/payments-page.tsx'),
    (m) => m.PaymentsPage,
  ),
  payment: lazyPage(
    () => import('../payments/payment-page.tsx'),
    (m) => m.PaymentPage,
  ),
  customers: lazyPage(
    () => import('../customers/customers-page.tsx'),
    (m) => m.CustomersPage,
  ),
  customer: lazyPage(
    () => import('../customers/customer-page.tsx'),
    (m) => m.CustomerPage,
  ),
  developers: lazyPage(
    () => import('../developers/developers-page.tsx'),
    (m) => m.DevelopersPage,
  ),
  links: lazyPage(
    () => import('../links/links-page.tsx'),
    (m) => m.LinksPage,
  ),
  'link-print': lazyPage(
    () => import('../links/link-print-page.tsx'),
    (m) => m.LinkPrintPage,
  ),
  events: lazyPage(
    () => import('../events/events-page.tsx'),
    (m) => m.EventsPage,
  ),
  settings: lazyPage(
    () => import('../settings/settings-page.tsx'),
    (m) => m.SettingsPage,
  ),
} satisfies Partial<Record<ConsoleRoute['page'], { preload: LazyPage<object>['preload'] }>>;

/**
 * The page the address names starts loading with the app (main.tsx): when the page says who is logged in,
 * main.tsx waits for it and the first paint is that page; otherwise it loads beside the call to /me.
 */
export function preloadPage(route: ConsoleRoute): Promise<unknown> {
  if (!(route.page in PAGES)) return Promise.resolve();
  // A chunk that fails to load here fails again, visibly, when the page renders it.
  return PAGES[route.page as keyof typeof PAGES].preload().catch(() => undefined);
}

const HomePage = PAGES.home.Component;
const PaymentsPage = PAGES.payments.Component;
const PaymentPage = PAGES.payment.Component;
const CustomersPage = PAGES.customers.Component;
const CustomerPage = PAGES.customer.Component;
const DevelopersPage = PAGES.developers.Component;
const LinksPage = PAGES.links.Component;
const LinkPrintPage = PAGES['link-print'].Component;
const EventsPage = PAGES.events.Component;
const SettingsPage = PAGES.settings.Component;

export function ConsoleApp() {
  const me = useMe();
  // The query's answer arrives as an urgent update, rendered in one piece; the deferred copy renders the shell and
  // the page as a transition, in slices (see main.tsx).
  const user = useDeferredValue(me.data);
  const route = useConsoleRoute();
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) return <LoginPage ended={sessionEndedUnderUser()} />;
  if (!user) return <LoadingState />;
  return (
    <ConsoleShell me={user} route={route}>
      <Suspense fallback={<LoadingState />}>
        {route.page === 'home' ? (
          <HomePage />
        ) : route.page === 'payments' ? (
          <PaymentsPage query={route.query} />
        ) : route.page === 'payment' ? (
          <PaymentPage id={route.id} me={user} />
        ) : route.page === 'customers' ? (
          <CustomersPage q={route.q} />
        ) : route.page === 'customer' ? (
          <CustomerPage id={route.id} />
        ) : route.page === 'developers' ? (
          <DevelopersPage />
        ) : route.page === 'links' ? (
          <LinksPage me={user} />
        ) : route.page === 'link-print' ? (
          <LinkPrintPage id={route.id} />
        ) : route.page === 'events' ? (
          <EventsPage me={user} />
        ) : route.page === 'settings' ? (
          <SettingsPage me={user} />
        ) : (
          <NotFoundPage />
        )}
      </Suspense>
    </ConsoleShell>
  );
}
