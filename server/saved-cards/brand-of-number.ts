import creditCardType from 'credit-card-type';

/**
 * The network of a card number we are sending, for a saved card whose gateway answer named no brand
 * (`POST /v1/cards` shows no response fields). Written as this gateway family writes brands: `visa`.
 */
export function brandOfNumber(cardNumber: string): string | null {
  return creditCardType(cardNumber)[0]?.type ?? null;
}
