import { useEffect, useState } from 'react';

/** The console's pages, from the URL: `/console`, `/console/payments`, `/console/payments/{id}`… */
export type ConsoleRoute =
  | { page: 'home' }
  | { page: 'payments'; query: URLSearchParams }
  | { page: 'payment'; id: string }
  | { page: 'customers'; q: string }
  | { page: 'customer'; id: string }
  | { page: 'developers' }
  | { page: 'links' }
  | { page: 'link-print'; id: string }
  | { page: 'events' }
  | { page: 'settings' }
  | { page: 'not-found' };

export function routeOf(pathname: string, search: string): ConsoleRoute {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/console') return { page: 'home' };
  if (path === '/console/payments') return { page: 'payments', query: new URLSearchParams(search) };
  const payment = /^\/console\/payments\/([^/]+)$/.exec(path);
  if (payment?.[1]) return { page: 'payment', id: decodeURIComponent(payment[1]) };
  if (path === '/console/customers')
    return { page: 'customers', q: new URLSearchParams(search).get('q') ?? '' };
  const customer = /^\/console\/customers\/([^/]+)$/.exec(path);
  if (customer?.[1]) return { page: 'customer', id: decodeURIComponent(customer[1]) };
  if (path === '/console/developers') return { page: 'developers' };
  if (path === '/console/links') return { page: 'links' };
  const linkPrint = /^\/console\/links\/([^/]+)\/print$/.exec(path);
  if (linkPrint?.[1]) return { page: 'link-print', id: decodeURIComponent(linkPrint[1]) };
  if (path === '/console/events') return { page: 'events' };
  if (path === '/console/settings') return { page: 'settings' };
  return { page: 'not-found' };
}

const listeners = new Set<() => void>();

/** Client-side navigation: the history entry changes, the page follows, focus goes to the new page's title. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

export function useConsoleRoute(): ConsoleRoute {
  const [location, setLocation] = useState(() => ({
    path: window.location.pathname,
    search: window.location.search,
  }));
  useEffect(() => {
    const update = () => {
      setLocation({ path: window.location.pathname, search: window.location.search });
    };
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return routeOf(location.path, location.search);
}
