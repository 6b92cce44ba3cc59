import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { transactionQueryOptions } from '../../api/transaction-queries.ts';
import { getTransaction } from '../../api/transactions.ts';
import { pixPhase, pixPollDelay, type PixPhase } from './poll-schedule.ts';

/**
 * Asks the gateway for the PIX transaction on the schedule of poll-schedule.ts until it is paid,
 * refused or expired. `expiredLocally` is the countdown reaching zero by the gateway's clock.
 */
export function usePixStatus(initial: Transaction, expiredLocally: boolean) {
  const baseUrl = useGatewayBase();
  const [shownAt] = useState(() => Date.now());
  // Counted in the query function, read by the schedule: errors in a row since the last answer.
  const failures = useRef(0);
  const query = useQuery({
    ...transactionQueryOptions(baseUrl, initial.id),
    queryFn: async ({ signal }) => {
      try {
        const transaction = await getTransaction(baseUrl, initial.id, signal);
        failures.current = 0;
        return transaction;
      } catch (error) {
        if (!signal.aborted) failures.current += 1;
        throw error;
      }
    },
    initialData: initial,
    // The creation answer is fresh; the first check comes from the schedule, not from mounting.
    staleTime: 1000,
    retry: false,
    // Back in the tab: check at once, since the shopper has probably just paid in the bank app.
    refetchOnWindowFocus: (q) =>
      pixPhase(q.state.data?.status ?? initial.status, expiredLocally) === 'waiting',
    refetchIntervalInBackground: true,
    refetchInterval: (q) =>
      pixPollDelay({
        phase: pixPhase(q.state.data?.status ?? initial.status, expiredLocally),
        elapsedMs: Date.now() - shownAt,
        hidden: document.visibilityState === 'hidden',
        consecutiveErrors: failures.current,
      }),
  });
  const transaction = query.data;
  const phase: PixPhase = pixPhase(transaction.status, expiredLocally);

  // A payment may land in the last seconds: ask once more when the countdown ends, before giving up.
  const { refetch } = query;
  const stillOpen = pixPhase(transaction.status, false) === 'waiting';
  useEffect(() => {
    if (expiredLocally && stillOpen) void refetch();
  }, [expiredLocally, stillOpen, refetch]);

  return { transaction, phase, checkFailed: query.isRefetchError };
}
