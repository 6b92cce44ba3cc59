import { useCallback, useState } from 'react';
import type { TransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';

/**
 * Sends one payment. Not a TanStack mutation: a payment is not server state to cache, a mutation cache
 * would hold the card data it was given, and TanStack Query stays out of the checkout's first load. The
 * gateway client (with its schemas) is imported here on first use; it is prefetched when the page is idle.
 */
export function useCardPayment() {
  const baseUrl = useGatewayBase();
  const [isPending, setPending] = useState(false);
  const pay = useCallback(
    async (buildRequest: () => TransactionRequest | Promise<TransactionRequest>) => {
      setPending(true);
      try {
        const [{ createTransaction }, request] = await Promise.all([
          import('../../api/transactions.ts'),
          buildRequest(),
        ]);
        return await createTransaction(baseUrl, request);
      } finally {
        setPending(false);
      }
    },
    [baseUrl],
  );
  return { pay, isPending };
}
