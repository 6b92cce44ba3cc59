import * as z from 'zod/mini';
import { gatewayRequest } from './http-client.ts';
import {
  transactionRequestSchema,
  type TransactionRequest,
} from '../../contract/gateway/transaction-request.ts';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';

export function createTransaction(
  baseUrl: string,
  body: TransactionRequest,
  signal?: AbortSignal,
): Promise<Transaction> {
  return gatewayRequest({
    method: 'POST',
    path: '/v1/transactions',
    body,
    requestSchema: transactionRequestSchema,
    responseSchema: transactionSchema,
    signal,
    baseUrl,
  });
}

const transactionId = z.int().check(z.positive());

/** "Get a transaction": path decided in DESIGN.md. */
export function getTransaction(baseUrl: string, id: number, signal?: AbortSignal): Promise<Transaction> {
  if (!transactionId.safeParse(id).success) throw new RangeError('transaction id must be a positive integer');
  return gatewayRequest({
    method: 'GET',
    path: `/v1/transactions/${id}`,
    responseSchema: transactionSchema,
    signal,
    baseUrl,
  });
}
