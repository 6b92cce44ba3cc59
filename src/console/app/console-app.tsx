import { Suspense, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import type { ConsoleMe } from '../../../contract/console/console-auth.ts';
import { lazyPage } from './lazy-page.ts';
import { sessionEndedUnderUser } from './console-query-client.ts';
import type { ConsoleRoute } from '../../../contract/console/console-routes.ts';
import { useConsoleRoute } from '../common/console-route.ts';
import { ConsoleShell, NotFoundPage } from './console-shell.tsx';
import { LoginPage } from './login-page.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { useMe } from '../common/use-me.ts';

type Route<P extends ConsoleRoute['page']> = Extract<ConsoleRoute, { page: P }>;
type Page = Exclude<ConsoleRoute['page'], 'not-found'>;

/**
 * The route table: each page, its chunk (the page's module in src/console/{resource}/, the module the server preloads:
 * consolePageModule) and how it renders from the route and who is logged in. Each page is its own chunk: the
 * login page loads nothing of the payments.
 */
function route<P extends Page, Props extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<Props>,
  props: (route: Route<P>, me: ConsoleMe) => Props,
) {
  const page = lazyPage(load, pick);
  return {
    preload: page.preload,
    render: (current: Route<P>, me: ConsoleMe) => <page.Component {...props(current, me)} />,
  };
}

const ROUTES: {
  [P in Page]: { preload: () => Promise<void>; render: (route: Route<P>, me: ConsoleMe) => ReactNode };
} = {
  home: route(
    () => import('../home/home-page.tsx'),
    (m) => m.HomePage,
    () => ({}),
  ),
  payments: route(
    () => import('../payments/payments-page.tsx'),
    (m) => m.PaymentsPage,
    (r: Route<'payments'>) => ({ query: r.query }),
  ),
  payment: route(
    () => import('../payments/payment-page.tsx'),
    (m) => m.PaymentPage,
    (r: Route<'payment'>, me) => ({ id: r.id, me }),
  ),
  customers: route(
    () => import('../customers/customers-page.tsx'),
    (m) => m.CustomersPage,
    (r: Route<'customers'>) => ({ q: r.q }),
  ),
  customer: route(
    () => import('../customers/customer-page.tsx'),
    (m) => m.CustomerPage,
    (r: Route<'customer'>) => ({ id: r.id }),
  ),
  developers: route(
    () => import('../developers/developers-page.tsx'),
    (m) => m.DevelopersPage,
    () => ({}),
  ),
  links: route(
    () => import('../links/links-page.tsx'),
    (m) => m.LinksPage,
    (_r: Route<'links'>, me) => ({ me }),
  ),
  link: route(
    () => import('../links/link-page.tsx'),
    (m) => m.LinkPage,
    (r: Route<'link'>, me) => ({ id: r.id, me }),
  ),
  'link-print': route(
    () => import('../links/link-print-page.tsx'),
    (m) => m.LinkPrintPage,
    (r: Route<'link-print'>) => ({ id: r.id }),
  ),
  events: route(
    () => import('../events/events-page.tsx'),
    (m) => m.EventsPage,
    (_r: Route<'events'>, me) => ({ me }),
  ),
  receivables: route(
    () => import('../receivables/receivables-page.tsx'),
    (m) => m.ReceivablesPage,
    (r: Route<'receivables'>, me) => ({ query: r.query, me }),
  ),
  settings: route(
    () => import('../settings/settings-page.tsx'),
    (m) => m.SettingsPage,
    (_r: Route<'settings'>, me) => ({ me }),
  ),
};

/**
 * The page the address names starts loading with the app (main.tsx): when the page says who is logged in,
 * main.tsx waits for it and the first paint is that page; otherwise it loads beside the call to /me.
 */
export function preloadPage(route: ConsoleRoute): Promise<unknown> {
  if (route.page === 'not-found') return Promise.resolve();
  // A chunk that fails to load here fails again, visibly, when the page renders it.
  return ROUTES[route.page].preload().catch(() => undefined);
}

function renderPage(current: ConsoleRoute, me: ConsoleMe): ReactNode {
  if (current.page === 'not-found') return <NotFoundPage />;
  const entry = ROUTES[current.page] as { render: (route: ConsoleRoute, me: ConsoleMe) => ReactNode };
  return entry.render(current, me);
}

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
      <Suspense fallback={<LoadingState />}>{renderPage(route, user)}</Suspense>
    </ConsoleShell>
  );
}
