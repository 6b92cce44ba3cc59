import { maskCardNumbers } from '../../contract/card-data-mask.ts';
import type { CardResponse } from '../../contract/gateway/card.ts';
import type { CardFacts } from './saved-card-repository.ts';

/**
 * What may be kept of a card, read from what the gateway returned. Every field is checked on its own:
 * anything that does not look like what it should be (a "first digits" of 16, a brand of 200 characters)
 * is dropped rather than stored, so an echoing gateway cannot make us keep a card number.
 */
function digitsOrNull(value: unknown, max: number): string | null {
  return typeof value === 'string' && new RegExp(`^\\d{1,${max}}$`).test(value) ? value : null;
}

export function textOrNull(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // A name or brand never holds a run of digits; a card number pasted into one (however its groups are
  // separated) is dropped.
  const digits = trimmed.replace(/[\s.\-_/+]/g, '');
  return trimmed !== '' &&
    trimmed.length <= max &&
    !/\d{5,}/.test(digits) &&
    maskCardNumbers(trimmed) === trimmed
    ? trimmed
    : null;
}

/** An identifier read leniently: a positive integer, or a string of digits. */
export function readCardId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

/** From a transaction's `card` object (spec 2.9); undefined without a usable `card_id`. */
export function cardFactsOfTransaction(card: CardResponse | null | undefined): CardFacts | undefined {
  const cardId = readCardId(card?.card_id);
  if (!card || cardId === undefined) return undefined;
  return {
    cardId,
    brand: textOrNull(card.brand, 40),
    firstDigits: digitsOrNull(card.card_first_digits, 8),
    lastDigits: digitsOrNull(card.card_last_digits, 4),
    holderName: textOrNull(card.card_holder_name, 120),
  };
}

/** What we know of the card without the gateway: the first six and last four digits we sent. */
export interface SentCardHints {
  firstDigits: string;
  lastDigits: string;
  holderName: string;
  brand: string | null;
}

/**
 * `POST /v1/cards` answers "a body whose fields are not shown" (spec 4): the identifier is read from
 * `card_id`, `id`, `card.card_id` or `card.id` (number or digits); brand and digits from the usual names,
 * else from what we sent. Undefined when no identifier came back: then nothing can be kept.
 */
export function cardFactsOfCreation(body: unknown, sent: SentCardHints): CardFacts | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const top = body as Record<string, unknown>;
  const nested =
    top.card !== null && typeof top.card === 'object' ? (top.card as Record<string, unknown>) : {};
  const cardId = [top.card_id, top.id, nested.card_id, nested.id]
    .map(readCardId)
    .find((id) => id !== undefined);
  if (cardId === undefined) return undefined;
  const pick = (...keys: string[]) =>
    keys.flatMap((key) => [top[key], nested[key]]).find((value) => value !== undefined && value !== null);
  return {
    cardId,
    brand: textOrNull(pick('brand', 'card_brand'), 40) ?? sent.brand,
    firstDigits: digitsOrNull(pick('card_first_digits', 'first_digits'), 8) ?? sent.firstDigits,
    lastDigits: digitsOrNull(pick('card_last_digits', 'last_digits'), 4) ?? sent.lastDigits,
    // What the shopper typed is held to the same rule as what the gateway returned.
    holderName: textOrNull(pick('card_holder_name', 'holder_name'), 120) ?? textOrNull(sent.holderName, 120),
  };
}
