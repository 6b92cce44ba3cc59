import { lazy, Suspense } from 'react';
import { useConsoleI18n } from './console-i18n.tsx';
import { sessionEndedUnderUser } from './console-query-client.ts';
import { useConsoleRoute } from './console-route.ts';
import { ConsoleShell, PlaceholderPage } from './console-shell.tsx';
import { LoginPage } from './login-page.tsx';
import { ErrorState, LoadingState } from './states.tsx';
import { useMe } from './use-me.ts';

// Each page is its own chunk: the login page loads nothing of the payments.
const PaymentsPage = lazy(() => import('./payments-page.tsx').then((m) => ({ default: m.PaymentsPage })));
const HomePage = lazy(() => import('./home-page.tsx').then((m) => ({ default: m.HomePage })));
const PaymentPage = lazy(() => import('./payment-page.tsx').then((m) => ({ default: m.PaymentPage })));
const CustomersPage = lazy(() => import('./customers-page.tsx').then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => import('./customer-page.tsx').then((m) => ({ default: m.CustomerPage })));
const DevelopersPage = lazy(() =>
  import('./developers-page.tsx').then((m) => ({ default: m.DevelopersPage })),
);
const SettingsPage = lazy(() => import('./settings-page.tsx').then((m) => ({ default: m.SettingsPage })));

export function ConsoleApp() {
  const { t } = useConsoleI18n();
  const me = useMe();
  const route = useConsoleRoute();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) return <LoginPage ended={sessionEndedUnderUser()} />;
  const titles = {
    links: t.navLinks,
    events: t.navEvents,
  };
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
        ) : route.page === 'settings' ? (
          <SettingsPage me={me.data} />
        ) : route.page === 'placeholder' ? (
          <PlaceholderPage title={titles[route.section]} />
        ) : (
          <PlaceholderPage title="404" />
        )}
      </Suspense>
    </ConsoleShell>
  );
}
