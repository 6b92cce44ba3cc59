import type { FeeBrand } from '../../contract/fee-brands.ts';

export const FEE_BRAND_NAMES: Record<FeeBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners Club',
};
