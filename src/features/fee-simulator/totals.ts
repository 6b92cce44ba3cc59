import type { FeeInstallment } from '../../../contract/gateway/fee-simulation.ts';
import { reaisToCents } from '../../lib/money-input.ts';

export interface InstallmentTotals {
  grossCents: number;
  netCents: number;
  anticipatedCents: number;
}

/** Summed in integer cents: adding decimal reais as floats drifts (0.1 + 0.2 ≠ 0.3). */
export function installmentTotals(installments: readonly FeeInstallment[]): InstallmentTotals {
  return installments.reduce<InstallmentTotals>(
    (totals, entry) => ({
      grossCents: totals.grossCents + reaisToCents(entry.grossAmount),
      netCents: totals.netCents + reaisToCents(entry.netAmount),
      anticipatedCents: totals.anticipatedCents + reaisToCents(entry.antecipatedAmount),
    }),
    { grossCents: 0, netCents: 0, anticipatedCents: 0 },
  );
}
