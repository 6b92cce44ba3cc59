import { queryOptions } from '@tanstack/react-query';
import { getTransaction } from './transactions.ts';

export function transactionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['transaction', id] as const,
    queryFn: ({ signal }) => getTransaction(id, signal),
  });
}
