import {
  boletoResultSchema,
  boletoShopperRequestSchema,
  type BoletoPayer,
  type BoletoResult,
} from '../../../contract/boleto/boleto-model.ts';
import { gatewayRequest } from '../../api/http-client.ts';

/**
 * `POST /api/pay/{id}/boleto`: only the payer; amount, due date and instructions are the session's
 * (the server's boleto adapter builds the gateway's request). Never retried by itself.
 */
export function issueBoleto(
  baseUrl: string,
  payer: BoletoPayer,
  signal?: AbortSignal,
): Promise<BoletoResult> {
  return gatewayRequest({
    method: 'POST',
    path: '/boleto',
    body: { payer },
    requestSchema: boletoShopperRequestSchema,
    responseSchema: boletoResultSchema,
    signal,
    baseUrl,
  });
}

/** The boleto again, as the gateway now has it (paid, expired…): throttled by the server. */
export function readBoleto(
  baseUrl: string,
  transactionId: number,
  signal?: AbortSignal,
): Promise<BoletoResult> {
  return gatewayRequest({
    method: 'GET',
    path: `/boleto/${transactionId}`,
    responseSchema: boletoResultSchema,
    signal,
    baseUrl,
  });
}
