import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp, preloadPage } from './console-app.tsx';
import { ConsoleI18nProvider } from '../common/console-i18n.tsx';
import { consoleQueryClient } from './console-query-client.ts';
import { routeOf } from '../../../contract/console/console-routes.ts';
import { paymentsListQuery } from '../payments/api.ts';
import { meQuery } from '../common/use-me.ts';
import '../common/console.css';

const root = document.getElementById('root');
if (!root) throw new Error('console.html has no #root');

// Who is logged in (its answer preloaded by the page: server/http/console-preloads.ts) and the page the address
// names (its chunks preloaded too) are awaited before the first render, so the first paint is that page rather
// than a spinner followed by the page a moment later. The list's first page is asked for as soon as a user is
// known. A slow answer holds nothing back for more than FIRST_PAINT_WAIT_MS: the app then shows its own loading
// state. (`.then`, not a top-level await: the page's chunk imports from this one, which must not wait for it.)
const FIRST_PAINT_WAIT_MS = 3000;
const route = routeOf(window.location.pathname, window.location.search);
const page = preloadPage(route);
const ready = consoleQueryClient
  .query(meQuery)
  .then((me) => {
    if (me && route.page === 'payments')
      consoleQueryClient.query(paymentsListQuery(route.query)).catch(() => undefined);
    return me ? page : undefined;
  })
  .catch(() => undefined);
void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]).then(render);

function render(): void {
  if (!root) return;
  // A transition renders in slices of a few milliseconds, yielding to the browser between them, instead of one
  // long task: the page answers a tap while it is still being built (Lighthouse's total blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={consoleQueryClient}>
          <ConsoleI18nProvider>
            <ConsoleApp />
          </ConsoleI18nProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
