/** Amount of each installment, in cents, when the merchant pays the fees (no interest). */
export function installmentAmount(totalCents: number, count: number): number {
  return Math.round(totalCents / count);
}

export function installmentCounts(max: number): number[] {
  return Array.from({ length: Math.max(1, max) }, (_, i) => i + 1);
}
