import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { useGatewayBase } from '../api/gateway-base.ts';
import { transactionQueryOptions } from '../api/transaction-queries.ts';
import { outcomeOf } from '../lib/transaction-status.ts';
import { lastCheckAt, processingPollDelay } from '../lib/processing-poll.ts';

interface TransactionStatusOptions {
  /** The gateway's answer at hand (fresh): no request until it says the payment is still open. */
  initial?: Transaction | undefined;
  retry: Parameters<typeof useQuery>[0]['retry'];
}

/**
 * A payment's status from the gateway, asked again while it is open on the schedule of lib/processing-poll.ts
 * (an unknown status counts as open, docs/gateway-api.md §3). `stoppedChecking`: past that schedule's limit
 * the screen stops asking and says the shop will confirm the payment.
 */
export function useTransactionStatus(id: number, { initial, retry }: TransactionStatusOptions) {
  const [shownAt] = useState(() => Date.now());
  const baseUrl = useGatewayBase();
  const query = useQuery({
    ...transactionQueryOptions(baseUrl, id),
    ...(initial
      ? // Fresh from the gateway: don't ask again at once unless it is still pending.
        { initialData: initial, staleTime: Number.POSITIVE_INFINITY }
      : {}),
    refetchInterval: (q) =>
      q.state.data && outcomeOf(q.state.data.status) === 'pending'
        ? processingPollDelay(lastCheckAt(q.state) - shownAt)
        : false,
    retry,
  });
  const stoppedChecking =
    query.data !== undefined &&
    outcomeOf(query.data.status) === 'pending' &&
    processingPollDelay(lastCheckAt(query) - shownAt) === false;
  return { query, stoppedChecking };
}
