import { useMutation } from '@tanstack/react-query';
import { createTransaction } from '../../api/transactions.ts';
import type { TransactionRequest } from '../../api/schemas/transaction-request.ts';

/**
 * The mutation's variables are a function, not the request: TanStack keeps variables in its mutation
 * cache (and shows them in devtools), and card data must live only in the form and the one request.
 */
export function useCardPayment() {
  return useMutation({
    mutationFn: (buildRequest: () => TransactionRequest) => createTransaction(buildRequest()),
    gcTime: 0,
    retry: false,
  });
}
