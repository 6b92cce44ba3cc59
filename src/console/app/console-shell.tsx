import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ConsoleMe } from '../../../contract/console/console-auth.ts';
import { LOCALES } from '../../i18n/locale.ts';
import { logOut } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import type { ConsoleRoute } from '../../../contract/console/console-routes.ts';
import { ME_QUERY } from '../common/use-me.ts';
import { ShopBrand } from '../common/shop-brand.tsx';

const NAV = [
  { href: '/console', key: 'navHome', match: (r: ConsoleRoute) => r.page === 'home' },
  {
    href: '/console/payments',
    key: 'navPayments',
    match: (r: ConsoleRoute) => r.page === 'payments' || r.page === 'payment',
  },
  {
    href: '/console/links',
    key: 'navLinks',
    match: (r: ConsoleRoute) => r.page === 'links' || r.page === 'link' || r.page === 'link-print',
  },
  {
    href: '/console/receivables',
    key: 'navReceivables',
    match: (r: ConsoleRoute) => r.page === 'receivables',
  },
  {
    href: '/console/events',
    key: 'navEvents',
    match: (r: ConsoleRoute) => r.page === 'events',
  },
  {
    href: '/console/customers',
    key: 'navCustomers',
    match: (r: ConsoleRoute) => r.page === 'customers' || r.page === 'customer',
  },
  {
    href: '/console/developers',
    key: 'navDevelopers',
    match: (r: ConsoleRoute) => r.page === 'developers',
  },
  {
    href: '/console/settings',
    key: 'navSettings',
    match: (r: ConsoleRoute) => r.page === 'settings',
  },
] as const;

/** Header (who, language, log out), navigation and the page; focus moves to the page's heading on navigation. */
export function ConsoleShell({
  me,
  route,
  children,
}: {
  me: ConsoleMe;
  route: ConsoleRoute;
  children: ReactNode;
}) {
  const { t, locale, setLocale } = useConsoleI18n();
  const queryClient = useQueryClient();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  const routeKey = JSON.stringify(
    route.page === 'payments'
      ? { page: 'payments' }
      : route.page === 'customers'
        ? { page: 'customers' }
        : route,
  );
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.querySelector('h1')?.focus();
  }, [routeKey]);
  const logout = useMutation({
    mutationFn: logOut,
    onSettled: () => {
      // "Nobody" first, on the query the app is watching; then every other page's data goes. (Clearing
      // the whole cache first left the app watching a removed query: the page stayed after log out.)
      queryClient.setQueryData(ME_QUERY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(ME_QUERY) });
    },
  });
  const roleName =
    me.user.role === 'owner' ? t.roleOwner : me.user.role === 'staff' ? t.roleStaff : t.roleViewer;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="topbar">
        <ShopBrand brand={me.shop} />
        <div className="topbar-tools">
          <span className="who">
            {me.user.email} · {roleName}
          </span>
          <label className="language">
            <span className="visually-hidden">{t.language}</span>
            <select
              value={locale}
              onChange={(event) => {
                const next = LOCALES.find((value) => value === event.target.value);
                if (next) setLocale(next);
              }}
            >
              {LOCALES.map((value) => (
                <option key={value} value={value} lang={value}>
                  {value === 'pt-BR' ? 'Português' : 'English'}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            {t.logOut}
          </button>
        </div>
      </header>
      <nav aria-label={t.navLabel} className="nav">
        <ul>
          {NAV.map((item) => (
            <li key={item.href}>
              <ConsoleLink href={item.href} aria-current={item.match(route) ? 'page' : undefined}>
                {t[item.key]}
              </ConsoleLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1} className="content">
        {children}
      </main>
    </div>
  );
}

/** An address the console does not have (a mistyped or old link). */
export function NotFoundPage() {
  const { t } = useConsoleI18n();
  return (
    <>
      <h1 tabIndex={-1}>{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <p>
        <ConsoleLink href="/console">{t.notFoundHome}</ConsoleLink>
      </p>
    </>
  );
}
