import creditCardType from 'credit-card-type';
import type { CardRequest, CardResponse } from '../contract/gateway/card.ts';
import type { CardScenario } from './scenarios.ts';
import type { StoredCard } from './store.ts';

/** The brand as this gateway family writes it (`visa`, `mastercard`…); `unknown` when no network matches. */
export function brandOf(cardNumber: string): string {
  return creditCardType(cardNumber)[0]?.type ?? 'unknown';
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardProblem {
  message: string;
  parameterName: string;
}

/**
 * What a real gateway refuses when a card is stored (`POST /v1/cards`): a number that fails the check
 * digit, an expiry already past (valid through the end of its month, on the gateway's clock), a security
 * code of the wrong length for the network (four digits for Amex, three otherwise).
 */
export function cardProblems(card: CardRequest, now: number): CardProblem[] {
  const problems: CardProblem[] = [];
  if (!passesLuhn(card.card_number)) {
    problems.push({ message: 'Invalid card number', parameterName: 'card_number' });
  }
  const month = Number(card.card_expiration_date.slice(0, 2));
  const year = 2000 + Number(card.card_expiration_date.slice(2));
  const today = new Date(now);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    problems.push({ message: 'Card expired', parameterName: 'card_expiration_date' });
  }
  const cvvLength = creditCardType(card.card_number)[0]?.code.size ?? 3;
  if (card.card_cvv.length !== cvvLength) {
    problems.push({ message: `Security code must have ${cvvLength} digits`, parameterName: 'card_cvv' });
  }
  return problems;
}

/** What the mock keeps of a card: the gateway's own fields and the test card's scenario, not the number. */
export function storedCardOf(card: CardRequest, scenario: CardScenario, stamp: string): StoredCard {
  return {
    scenario,
    brand: brandOf(card.card_number),
    firstDigits: card.card_number.slice(0, 6),
    lastDigits: card.card_number.slice(-4),
    holderName: card.card_holder_name,
    createdAt: stamp,
  };
}

/** The `card` object of a transaction (spec 2.9). */
export function cardResponseOf(cardId: number, stored: StoredCard, stamp: string): CardResponse {
  return {
    card_id: cardId,
    card_holder_name: stored.holderName,
    created_at: stored.createdAt,
    updated_at: stamp,
    card_first_digits: stored.firstDigits,
    card_last_digits: stored.lastDigits,
    brand: stored.brand,
  };
}
