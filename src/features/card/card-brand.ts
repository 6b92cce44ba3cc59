import creditCardType from 'credit-card-type';

export interface CardBrand {
  /** credit-card-type's id, e.g. `visa`, `american-express`, `hipercard`. */
  type: string;
  /** Display name, e.g. "American Express". */
  name: string;
  /** Positions after which a space is shown while typing. */
  gaps: readonly number[];
  lengths: readonly number[];
  cvvSize: number;
}

const FALLBACK_GAPS = [4, 8, 12];
const MAX_PAN_LENGTH = 19;

/**
 * The brand once the prefix decides it. With several candidates (e.g. "4" or "6") we wait: showing
 * "Visa" for a number that turns out to be Elo would be a surprise.
 */
export function detectBrand(digits: string): CardBrand | undefined {
  if (digits === '') return undefined;
  const matches = creditCardType(digits);
  if (matches.length !== 1) return undefined;
  const [match] = matches;
  if (!match) return undefined;
  return {
    type: match.type,
    name: match.niceType,
    gaps: match.gaps,
    lengths: match.lengths,
    cvvSize: match.code.size,
  };
}

export function maxCardLength(brand: CardBrand | undefined): number {
  return brand ? Math.max(...brand.lengths) : MAX_PAN_LENGTH;
}

/** "4111111111111111" → "4111 1111 1111 1111"; Amex as 4-6-5. Extra digits are dropped. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  const brand = detectBrand(digits);
  const kept = digits.slice(0, maxCardLength(brand));
  const gaps = brand?.gaps ?? FALLBACK_GAPS;
  let out = '';
  for (let i = 0; i < kept.length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += kept.charAt(i);
  }
  return out;
}
