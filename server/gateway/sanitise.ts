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

/** What the rules above make of one key: the same for every answer, so worth remembering. */
interface KeyRule {
  /** Names a card number, security code, expiry or hash anywhere. */
  secret: boolean;
  /** Means the same inside a `card` object. */
  secretInCard: boolean;
  /** Its value is a `card` object. */
  card: boolean;
  /** Its value is free text (a card number typed into it is masked). */
  freeText: boolean;
}

/**
 * The rules of the keys seen, so an answer's ~30 keys cost a Map lookup each instead of four or five
 * regular expressions. Only plain names are kept — letters, `_`, `-` and `.`, 64 at most: no digit, so
 * no card number or security code a hostile gateway might send as a key ever stays in memory, and the
 * stored key is the key itself. Bounded: a gateway inventing keys empties it, and it fills again.
 */
const KEY_RULES = new Map<string, KeyRule>();
const MAX_KEY_RULES = 1_024;
const PLAIN_KEY = /^[A-Za-z_.-]{1,64}$/;

export function mayRememberKey(key: string): boolean {
  return PLAIN_KEY.test(key);
}

function ruleOf(key: string): KeyRule {
  return {
    secret: CARD_KEY.test(key) || ALWAYS_SECRET.test(key),
    secretInCard: CARD_OBJECT_KEY.test(key),
    card: key.toLowerCase() === 'card',
    freeText: FREE_TEXT_KEY.test(key) || key === 'metadata',
  };
}

function rememberedRuleOf(key: string): KeyRule | undefined {
  const known = KEY_RULES.get(key);
  if (known !== undefined || !mayRememberKey(key)) return known;
  if (KEY_RULES.size >= MAX_KEY_RULES) KEY_RULES.clear();
  const rule = ruleOf(key);
  KEY_RULES.set(key, rule);
  return rule;
}

function sanitiseValue(value: unknown, insideCard: boolean, depth: number, freeText = false): unknown {
  if (typeof value === 'string') return storableString(value, freeText);
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value))
    return value.slice(0, MAX_ENTRIES).map((entry) => sanitiseValue(entry, insideCard, depth + 1, freeText));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  let kept = 0;
  const object = value as Record<string, unknown>;
  // for…in rather than Object.entries: no array of pairs per object (a parsed answer has no prototype keys).
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const entry = object[key];
    const remembered = rememberedRuleOf(key);
    const rule = remembered ?? ruleOf(key);
    if (rule.secret || (insideCard && rule.secretInCard)) continue;
    if (kept >= MAX_ENTRIES) break;
    kept += 1;
    // A remembered key is plain (no unsafe character, short): stored as it is.
    result[remembered ? key : storableString(key)] = sanitiseValue(
      entry,
      rule.card,
      depth + 1,
      freeText || rule.freeText,
    );
  }
  return result;
}

export function sanitiseGatewayBody<T>(value: T): T {
  return sanitiseValue(value, false, 0) as T;
}
