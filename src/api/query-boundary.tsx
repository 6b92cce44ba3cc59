import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * One client for the whole app, created when the first screen or watcher that needs server state loads:
 * TanStack Query is not part of the checkout's first load (docs/decisions/023-first-load-budget.md).
 * Shared, so the embed route sees the transactions the result screens fetch, and the checkout's
 * installment prices reuse the fee simulator's answers.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function QueryBoundary({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
