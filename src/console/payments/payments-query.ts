import { queryOptions } from '@tanstack/react-query';
import { fetchPayments } from '../shared/console-api.ts';

/**
 * One page of the payments list for the filters in `query` (the address's own search string) and a cursor:
 * the list page reads it, and main.tsx fetches the first page while the app starts, with the same key.
 */
export function paymentsListQuery(query: URLSearchParams, cursor?: string) {
  return queryOptions({
    // Fresh for a few seconds: the page that mounts right after main.tsx fetched it does not fetch it again.
    // A capture or refund invalidates it at once.
    staleTime: 5_000,
    queryKey: ['console', 'payments', query.toString(), cursor ?? ''],
    queryFn: ({ signal }) => {
      const request = new URLSearchParams(query);
      if (cursor) request.set('cursor', cursor);
      return fetchPayments(request, signal);
    },
  });
}
