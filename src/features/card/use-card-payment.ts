import { useCallback } from 'react';
import type { TransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import type { PaymentOptions } from '../../api/transactions.ts';

/**
 * Sends one payment. Not a TanStack mutation: a payment is not server state to cache, a mutation cache
 * would hold the card data it was given, and TanStack Query stays out of the checkout's first load. The
 * gateway client (with its schemas) is imported here on first use; it is prefetched when the page is idle.
 * The form's submit hook (src/payment/use-payment-submit.ts) says when it is busy.
 */
export function useCardPayment() {
  const baseUrl = useGatewayBase();
  return useCallback(
    async (
      buildRequest: () => TransactionRequest | Promise<TransactionRequest>,
      options?: PaymentOptions,
    ): Promise<Transaction> => {
      const [{ createTransaction }, request] = await Promise.all([
        import('../../api/transactions.ts'),
        buildRequest(),
      ]);
      return createTransaction(baseUrl, request, undefined, options);
    },
    [baseUrl],
  );
}
