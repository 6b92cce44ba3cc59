import type { MerchantReceivable } from '../../contract/receivables.ts';
import type { ReceivableRow } from './receivable-repository.ts';

/** A stored receivable as the merchant API, the console and the `receivable.paid` event show it. */
export function receivableView(row: ReceivableRow): MerchantReceivable {
  return {
    id: row.id,
    object: 'receivable',
    payment_id: row.attemptId,
    installment: row.installment,
    installments: row.installments,
    payment_method: row.paymentMethod,
    card_brand: row.cardBrand,
    expected_on: row.expectedOn,
    status: row.status,
    gateway_status: row.gatewayStatus,
    gross_amount: row.grossAmount,
    fee_amount: row.feeAmount,
    net_amount: row.netAmount,
    fee_known: row.feeAmount !== null && row.netAmount !== null,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
