// Shared by the console (which page to show) and the server (which page's chunk to preload in the HTML).
/** The console's pages, from the URL: `/console`, `/console/payments`, `/console/payments/{id}`… */
export type ConsoleRoute =
  | { page: 'home' }
  | { page: 'payments'; query: URLSearchParams }
  | { page: 'payment'; id: string }
  | { page: 'customers'; q: string }
  | { page: 'customer'; id: string }
  | { page: 'developers' }
  | { page: 'links' }
  | { page: 'link'; id: string }
  | { page: 'link-print'; id: string }
  | { page: 'events' }
  | { page: 'receivables'; query: URLSearchParams }
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
  const link = /^\/console\/links\/([^/]+)$/.exec(path);
  if (link?.[1]) return { page: 'link', id: decodeURIComponent(link[1]) };
  const linkPrint = /^\/console\/links\/([^/]+)\/print$/.exec(path);
  if (linkPrint?.[1]) return { page: 'link-print', id: decodeURIComponent(linkPrint[1]) };
  if (path === '/console/events') return { page: 'events' };
  if (path === '/console/receivables') return { page: 'receivables', query: new URLSearchParams(search) };
  if (path === '/console/settings') return { page: 'settings' };
  return { page: 'not-found' };
}

/**
 * The console API path (under CONSOLE_API_BASE) of the payments list for a list page's filters, the address's own
 * search string: the page asks for it, and the server's HTML for that address preloads the very same URL
 * (server/http/console-preloads.ts). One function, so the two cannot differ by a character.
 */
export function paymentsListPath(query: URLSearchParams): string {
  const text = query.toString();
  return `/payments${text ? `?${text}` : ''}`;
}

/**
 * The resource folder of the console (src/console/{resource}/) each page lives in: the console's route table
 * loads each page's module from src/console/{resource}/ and the server preloads that module's chunks from the build's
 * manifest (server/http/console-preloads.ts).
 */
export const CONSOLE_PAGE_RESOURCES = {
  home: 'home',
  payments: 'payments',
  payment: 'payments',
  customers: 'customers',
  customer: 'customers',
  developers: 'developers',
  links: 'links',
  link: 'links',
  'link-print': 'links',
  events: 'events',
  receivables: 'receivables',
  settings: 'settings',
} as const satisfies Record<Exclude<ConsoleRoute['page'], 'not-found'>, string>;

/** The page's module as the build's manifest names it; null for the not-found page (part of the app). */
export function consolePageModule(page: ConsoleRoute['page']): string | null {
  return page === 'not-found' ? null : `src/console/${CONSOLE_PAGE_RESOURCES[page]}/${page}-page.tsx`;
}
