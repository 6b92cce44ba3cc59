import { describe, expect, it } from 'vitest';
import type { FeeInstallment } from '../../../contract/gateway/fee-simulation.ts';
import { installmentTotals } from './totals.ts';

const entry = (installment: number, gross: number, net: number, anticipated: number): FeeInstallment => ({
  previsionPaymentDate: '2025-10-30T00:00:00',
  installment,
  grossAmount: gross,
  netAmount: net,
  antecipationRate: 2,
  antecipatedAmount: anticipated,
});

describe('installmentTotals', () => {
  it('adds to the exact cent where floats would drift', () => {
    const totals = installmentTotals([entry(1, 0.1, 0.1, 0.1), entry(2, 0.2, 0.2, 0.2)]);
    expect(totals).toEqual({ grossCents: 30, netCents: 30, anticipatedCents: 30 });
  });

  it('sums twelve installments of R$ 16,21 and one of R$ 16,22', () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(i + 1, i === 0 ? 16.22 : 16.21, 15.83, 15.5));
    expect(installmentTotals(entries)).toEqual({
      grossCents: 1622 + 11 * 1621,
      netCents: 12 * 1583,
      anticipatedCents: 12 * 1550,
    });
  });

  it('is zero for no installments', () => {
    expect(installmentTotals([])).toEqual({ grossCents: 0, netCents: 0, anticipatedCents: 0 });
  });
});
