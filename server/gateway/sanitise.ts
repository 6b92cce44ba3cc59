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

function sanitiseValue(value: unknown, insideCard: boolean): unknown {
  if (Array.isArray(value)) return value.map((entry) => sanitiseValue(entry, insideCard));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (CARD_KEY.test(key) || ALWAYS_SECRET.test(key)) continue;
    if (insideCard && CARD_OBJECT_KEY.test(key)) continue;
    result[key] = sanitiseValue(entry, key.toLowerCase() === 'card');
  }
  return result;
}

export function sanitiseGatewayBody<T>(value: T): T {
  return sanitiseValue(value, false) as T;
}
