import * as z from 'zod/mini';
import { gatewayRequest } from './http-client.ts';
import {
  transactionRequestSchema,
  type TransactionRequest,
} from '../../contract/gateway/transaction-request.ts';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';

export interface PaymentOptions {
  /**
   * The shopper ticked "Save this card for next time": sent beside the gateway request as `save_card`
   * (contract/saved-cards.ts); the checkout server takes it out before forwarding.
   */
  saveCard?: boolean;
}

/** The gateway request once the consent is set aside: checked as strictly as without it. */
const consentedRequestSchema = z.pipe(
  z.transform((value: unknown) => {
    if (value === null || typeof value !== 'object') return value;
    const { save_card: _consent, ...request } = value as Record<string, unknown>;
    return request;
  }),
  transactionRequestSchema,
);

export function createTransaction(
  baseUrl: string,
  body: TransactionRequest,
  signal?: AbortSignal,
  options: PaymentOptions = {},
): Promise<Transaction> {
  return gatewayRequest({
    method: 'POST',
    path: '/v1/transactions',
    body: options.saveCard ? { ...body, save_card: true } : body,
    requestSchema: options.saveCard ? consentedRequestSchema : transactionRequestSchema,
    responseSchema: transactionSchema,
    signal,
    baseUrl,
  });
}

const transactionId = z.int().check(z.positive());

/** "Get a transaction": path decided in docs/gateway-api.md §4. */
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
