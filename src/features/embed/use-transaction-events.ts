import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { transactionSchema } from '../../../contract/gateway/transaction.ts';
import { transactionQueryOptions } from '../../api/transaction-queries.ts';
import type { AppEvent } from './embed-messages.ts';
import { transactionEvent } from './transaction-event.ts';

const transactionKey: readonly unknown[] = transactionQueryOptions('', 0).queryKey;
const TRANSACTION_KEY = transactionKey[0];

/**
 * Every screen that shows a transaction (card result, PIX status) keeps it under the query key of
 * transactionQueryOptions and polls it there; watching that cache tells the host about every payment
 * of this checkout, card or PIX, without the payment features knowing they are embedded.
 * Each event is sent once per transaction.
 */
export function useTransactionEvents(send: (event: AppEvent) => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sent = new Set<string>();
    const report = (queryKey: unknown, data: unknown) => {
      if (!Array.isArray(queryKey) || queryKey[0] !== TRANSACTION_KEY) return;
      const parsed = transactionSchema.safeParse(data);
      if (!parsed.success) return;
      const event = transactionEvent(parsed.data);
      if (!event) return;
      const key = `${event.type}:${parsed.data.id}`;
      if (sent.has(key)) return;
      sent.add(key);
      send(event);
    };
    const cache = queryClient.getQueryCache();
    const unsubscribe = cache.subscribe(({ query }) => report(query.queryKey, query.state.data));
    // A screen may have put its transaction in the cache before this effect ran (a session that is
    // already paid when the checkout mounts, e.g. back from the bank): report what is there too.
    for (const query of cache.getAll()) report(query.queryKey, query.state.data);
    return unsubscribe;
  }, [queryClient, send]);
}
