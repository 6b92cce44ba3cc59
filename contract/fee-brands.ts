/**
 * Card networks the fee simulation takes, as the gateway spells them (spec 2.10: lower case), and the one
 * rule that picks a card's network: the browser prices installments with it and the server checks the
 * price with it, so both must agree (docs/decisions/088-customer-paid-fees-charged.md).
 */
export const FEE_BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'hiper', 'diners'] as const;
export type FeeBrand = (typeof FEE_BRANDS)[number];

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

/** The simulation brand of a network name (credit-card-type's id or the gateway's brand), if it has one. */
export function knownFeeBrand(type: string): FeeBrand | undefined {
  const mapped = FROM_CARD_TYPE[type] ?? type;
  return isFeeBrand(mapped) ? mapped : undefined;
}

/**
 * The simulation brand of a detected card type (credit-card-type's id when exactly one type matches the
 * number); networks the simulation does not list, and numbers that name none, use the default.
 */
export function feeBrandForCardType(type: string | undefined): FeeBrand {
  return (type && knownFeeBrand(type)) || DEFAULT_FEE_BRAND;
}
