import type { ReactNode } from 'react';
import { EMBED_PATH } from '../../contract/embed-protocol.ts';
import { RETURN_PATH } from '../features/three-ds/return-reference.ts';
import { sessionPageOf } from '../lib/session-paths.ts';
import { CheckoutRoute } from './checkout-route.tsx';
import { MockBankChallenge, NotFound, ThreeDSReturnPage } from './lazy-screens.tsx';
import { EmbedRoute, SimulatorRoute } from './lazy-routes.tsx';
import { SessionRoute } from './session-route.tsx';

/**
 * What surrounds a page: the site's header (checkout preview, simulator), a shopper's header with only
 * what a payment link needs, or nothing — inside a merchant's page, or the mock bank (another site).
 */
export type Frame = 'site' | 'shopper' | 'none';

interface Route {
  frame: Frame;
  /** The page for this location, or undefined when the route does not serve it. */
  page: (location: URL) => ReactNode | undefined;
}

const at = (path: string, frame: Frame, page: (search: URLSearchParams) => ReactNode): Route => ({
  frame,
  page: (location) => (location.pathname === path ? page(location.searchParams) : undefined),
});

/** Mock mode only (MockBankChallenge is statically null otherwise): the bank's page is another site. */
function mockBankRoute(): Route[] {
  const Bank = MockBankChallenge;
  return Bank ? [at('/mock-bank/challenge', 'none', (search) => <Bank search={search} />)] : [];
}

/** Every page of the app, first match wins; lazily loaded pages render inside the app's Suspense. */
const ROUTES: readonly Route[] = [
  ...mockBankRoute(),
  at(EMBED_PATH, 'none', (search) => <EmbedRoute search={search} />),
  {
    frame: 'shopper',
    page: ({ pathname }) => {
      const session = sessionPageOf(pathname);
      return session && <SessionRoute page={session} />;
    },
  },
  // A shopper's pages all get the shopper's header: nothing there leaves the order (issue 13).
  at('/', 'shopper', (search) => <CheckoutRoute search={search} />),
  at('/simulator', 'site', (search) => <SimulatorRoute search={search} />),
  at(RETURN_PATH, 'shopper', (search) => <ThreeDSReturnPage search={search} />),
];

export function routeOf(location: URL): { frame: Frame; page: ReactNode } {
  for (const { frame, page } of ROUTES) {
    const shown = page(location);
    if (shown !== undefined) return { frame, page: shown };
  }
  return { frame: 'site', page: <NotFound /> };
}
