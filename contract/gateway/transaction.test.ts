import { describe, expect, it } from 'vitest';
import { feeSimulationResponseSample, pixTransactionSample } from '../testing/samples.ts';
import { feeSimulationRequestSchema, feeSimulationResponseSchema } from './fee-simulation.ts';
import { transactionSchema } from './transaction.ts';

describe('transaction response schema (spec 2.9)', () => {
  it('accepts the PIX creation sample', () => {
    const result = transactionSchema.safeParse(pixTransactionSample);
    expect(result.success).toBe(true);
    expect(result.data?.pix_expiration_date).toBe('2025-04-02 13:43:00');
  });

  it('accepts a status it has never seen (docs/gateway-api.md §3)', () => {
    expect(transactionSchema.safeParse({ ...pixTransactionSample, status: 'in_analysis' }).success).toBe(
      true,
    );
  });

  it('rejects timestamps without six fractional digits and Z', () => {
    const result = transactionSchema.safeParse({
      ...pixTransactionSample,
      created_at: '2022-02-02 18:05:37',
    });
    expect(result.success).toBe(false);
  });

  it('rejects a response without id or with a non-integer amount', () => {
    const { id: _id, ...withoutId } = pixTransactionSample;
    expect(transactionSchema.safeParse(withoutId).success).toBe(false);
    expect(transactionSchema.safeParse({ ...pixTransactionSample, amount: '15090' }).success).toBe(false);
  });

  it('rejects a PIX expiry that is not YYYY-MM-DD HH:MM:SS', () => {
    const body = { ...pixTransactionSample, pix_expiration_date: '2025-04-02T13:43:00Z' };
    expect(transactionSchema.safeParse(body).success).toBe(false);
  });
});

describe('fee simulation schemas (spec 2.10, 2.11)', () => {
  it('accepts the published request and response', () => {
    const request = { brand: 'mastercard', installments: 12, amount: 19000, fee_responsible: 'customer' };
    expect(feeSimulationRequestSchema.safeParse(request).success).toBe(true);
    expect(feeSimulationResponseSchema.safeParse(feeSimulationResponseSample).success).toBe(true);
  });

  it('rejects an upper-case brand, 13 installments and an unknown payer', () => {
    for (const request of [
      { brand: 'Mastercard', installments: 12, amount: 19000, fee_responsible: 'customer' },
      { brand: 'visa', installments: 13, amount: 19000, fee_responsible: 'customer' },
      { brand: 'visa', installments: 2, amount: 19000, fee_responsible: 'self' },
    ]) {
      expect(feeSimulationRequestSchema.safeParse(request).success).toBe(false);
    }
  });

  it('rejects a forecast date that carries a zone', () => {
    const [first] = feeSimulationResponseSample.installments;
    const body = {
      ...feeSimulationResponseSample,
      installments: [{ ...first, previsionPaymentDate: '2023-10-30T00:00:00Z' }],
    };
    expect(feeSimulationResponseSchema.safeParse(body).success).toBe(false);
  });
});
