import { maskCardNumbers } from '../../contract/card-data-mask.ts';
import { hasUnsafeText, replaceUnsafeText } from '../../contract/plain-text.ts';

/**
 * The gateway returns only first/last digits of a card, but a gateway that echoes what it received must
 * not make us store or forward card data: every key that names a card number, security code, expiry or
 * card hash is dropped, at any depth, before a response is stored, logged or answered.
 * (`pix_expiration_date` is the PIX code's expiry and stays.)
 */
const CARD_KEY = /card_?(number|cvv|cvc|csc|expiration|expiry|exp_|hash|security)/i;
const ALWAYS_SECRET = /^(cvv|cvc|csc|security_code|pan)$/i;
/** Inside a `card` object, plainer names mean the same things. */
const CARD_OBJECT_KEY = /^(number|expiration_date|expiry|exp_month|exp_year|exp_date|holder_document)$/i;

/**
 * What we keep of an answer must be storable whatever the gateway sent (docs/decisions: hostile gateway
 * answers): PostgreSQL refuses NUL and lone surrogates in jsonb, and a surprise field could be megabytes.
 * Unsafe characters become U+FFFD, strings are cut, and nesting, lists and objects are bounded.
 */
export const MAX_STORED_STRING = 8_000;
const MAX_DEPTH = 8;
const MAX_ENTRIES = 500;

/** Free text a gateway echoes (a holder's or buyer's name, an item title): a card number typed into it is masked. */
const FREE_TEXT_KEY = /(^|_)(name|title|description|message|note|comment|descriptor)$/i;

function storableString(value: string, freeText = false): string {
  const cut = value.length > MAX_STORED_STRING ? value.slice(0, MAX_STORED_STRING) : value;
  const safe = hasUnsafeText(cut) ? replaceUnsafeText(cut) : cut;
  return freeText ? maskCardNumbers(safe) : safe;
}

function sanitiseValue(value: unknown, insideCard: boolean, depth: number, freeText = false): unknown {
  if (typeof value === 'string') return storableString(value, freeText);
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value))
    return value.slice(0, MAX_ENTRIES).map((entry) => sanitiseValue(entry, insideCard, depth + 1, freeText));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, entry] of Object.entries(value)) {
    if (CARD_KEY.test(key) || ALWAYS_SECRET.test(key)) continue;
    if (insideCard && CARD_OBJECT_KEY.test(key)) continue;
    if (kept >= MAX_ENTRIES) break;
    kept += 1;
    result[storableString(key)] = sanitiseValue(
      entry,
      key.toLowerCase() === 'card',
      depth + 1,
      freeText || FREE_TEXT_KEY.test(key) || key === 'metadata',
    );
  }
  return result;
}

export function sanitiseGatewayBody<T>(value: T): T {
  return sanitiseValue(value, false, 0) as T;
}
