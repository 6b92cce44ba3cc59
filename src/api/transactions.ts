import * as z from 'zod/mini';
import { API_BASE_URL } from './config.ts';
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
  /**
   * The e-mail for the receipt, on the plain card form (empty: none given): sent beside the gateway request
   * as `receipt_email` (contract/receipt-email.ts), to a checkout session only; the server takes it out too.
   */
  receiptEmail?: string | undefined;
}

/** The gateway request once the consent and the receipt's e-mail are set aside: checked as strictly. */
const withExtrasSchema = z.pipe(
  z.transform((value: unknown) => {
    if (value === null || typeof value !== 'object') return value;
    const { save_card: _consent, receipt_email: _email, ...request } = value as Record<string, unknown>;
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
  // Only a checkout session's server mails receipts: the build's own `/api` gets the gateway's request alone.
  const receiptEmail = baseUrl === API_BASE_URL ? '' : (options.receiptEmail?.trim() ?? '');
  const extras = {
    ...(options.saveCard ? { save_card: true } : {}),
    ...(receiptEmail ? { receipt_email: receiptEmail } : {}),
  };
  const plain = Object.keys(extras).length === 0;
  return gatewayRequest({
    method: 'POST',
    path: '/v1/transactions',
    body: plain ? body : { ...body, ...extras },
    requestSchema: plain ? transactionRequestSchema : withExtrasSchema,
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
