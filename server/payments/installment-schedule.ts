import { readInstallmentSchedule, type Installment } from '../../contract/gateway/installments.ts';
import type { Database } from '../db/database.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import type { GatewayClient } from '../gateway/gateway-client.ts';
import { findPaymentWithHistory } from './payment-list-repository.ts';

export type InstallmentScheduleOutcome =
  | { kind: 'not_found' }
  /** `installments` null: the gateway has none to show (no transaction yet, PIX, a 404, an answer we cannot read). */
  | { kind: 'ok'; paymentId: string; installments: Installment[] | null }
  | { kind: 'gateway_unavailable' };

/**
 * A payment's installment schedule from the gateway (`GET /v1/transactions/{id}/installments`, decision 253),
 * for the merchant API and the console alike. The caller meters it (one gateway call).
 */
export async function readPaymentInstallments(
  deps: { db: Database; gateway: GatewayClient },
  paymentId: string,
): Promise<InstallmentScheduleOutcome> {
  const row = await findPaymentWithHistory(deps.db, paymentId);
  if (!row) return { kind: 'not_found' };
  const { transactionId } = row.attempt;
  if (transactionId === null || row.attempt.paymentMethod !== 'credit_card')
    return { kind: 'ok', paymentId, installments: null };
  try {
    const reply = await deps.gateway.transactionInstallments(transactionId);
    return { kind: 'ok', paymentId, installments: readInstallmentSchedule(reply.data) };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Absent is not an error: the spec does not promise the path for every transaction.
    if (error.kind === 'not-found' || error.kind === 'invalid-response' || error.kind === 'integration')
      return { kind: 'ok', paymentId, installments: null };
    return { kind: 'gateway_unavailable' };
  }
}
