import { queryOptions } from '@tanstack/react-query';
import { getTransaction } from './transactions.ts';

/** Keyed by the API base too: the same id read through two sessions is two answers. */
export function transactionQueryOptions(baseUrl: string, id: number) {
  return queryOptions({
    queryKey: ['transaction', baseUrl, id] as const,
    queryFn: ({ signal }) => getTransaction(baseUrl, id, signal),
  });
}
