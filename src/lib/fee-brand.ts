/** Card networks the fee simulation takes, as the gateway spells them (spec 2.10: lower case). */
export const FEE_BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'hiper', 'diners'] as const;
export type FeeBrand = (typeof FEE_BRANDS)[number];

export const FEE_BRAND_NAMES: Record<FeeBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners Club',
};

/** Until the card number names a network, prices are shown for the most common one in Brazil. */
export const DEFAULT_FEE_BRAND: FeeBrand = 'visa';

/** credit-card-type's ids that differ from the gateway's brand names. */
const FROM_CARD_TYPE: Record<string, FeeBrand> = {
  'american-express': 'amex',
  'diners-club': 'diners',
};

export function isFeeBrand(value: unknown): value is FeeBrand {
  return typeof value === 'string' && (FEE_BRANDS as readonly string[]).includes(value);
}

/** The simulation brand of a detected card type; networks the simulation does not list use the default. */
export function feeBrandForCardType(type: string | undefined): FeeBrand {
  if (type === undefined) return DEFAULT_FEE_BRAND;
  const mapped = FROM_CARD_TYPE[type] ?? type;
  return isFeeBrand(mapped) ? mapped : DEFAULT_FEE_BRAND;
}
