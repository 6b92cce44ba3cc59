import type { ComponentType } from 'react';
import { lazyComponent } from '../ui/lazy-component.ts';

/**
 * A lazily loaded component that uses TanStack Query: the component's chunk and the query client's arrive
 * together, and the component renders inside the shared client. Every boundary shares one client, so
 * the embed route sees the transactions that the result screens fetch.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyComponent(async () => {
    const [Component, { QueryBoundary }] = await Promise.all([load(), import('../api/query-boundary.tsx')]);
    return function WithQueries(props: P) {
      return (
        <QueryBoundary>
          <Component {...props} />
        </QueryBoundary>
      );
    };
  });
}
