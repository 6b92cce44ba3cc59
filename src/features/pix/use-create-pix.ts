import { useMutation } from '@tanstack/react-query';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { createTransaction } from '../../api/transactions.ts';

/** Creating a PIX charge is not retried by itself: a second code for the same order must be the shopper's choice. */
export function useCreatePix() {
  const baseUrl = useGatewayBase();
  return useMutation({
    mutationFn: (request: PixTransactionRequest) => createTransaction(baseUrl, request),
    gcTime: 0,
    retry: false,
  });
}
