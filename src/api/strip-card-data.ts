/**
 * Keys whose value is a full card number, a CVV or an expiry, wherever they appear. A gateway that
 * echoes the request would otherwise put them into the query cache (the response schemas are lenient
 * and keep unknown keys), from where they could reach devtools, persisted caches or error reports.
 */
const SECRET_KEYS = new Set([
  'card_number',
  'card_cvv',
  'card_cvc',
  'card_csc',
  'card_security_code',
  'card_expiration_date',
  'card_expiry',
  'card_exp_month',
  'card_exp_year',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'csc',
  'security_code',
  'pan',
]);

/** Inside a `card` object short names mean the same (`card.number`); elsewhere `number` is a CPF or a street. */
const SECRET_KEYS_IN_CARD = new Set(['number', 'expiration_date', 'expiry', 'exp_month', 'exp_year']);

function isSecret(key: string, inCard: boolean): boolean {
  const lower = key.toLowerCase();
  return SECRET_KEYS.has(lower) || (inCard && SECRET_KEYS_IN_CARD.has(lower));
}

/**
 * A copy of a parsed JSON body without those keys, at any depth. Applied to every gateway answer before
 * it is validated, so nothing downstream (the cache, the embed events, the screens) can hold them.
 */
export function stripCardData(value: unknown, inCard = false): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => stripCardData(item, inCard));
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines own properties, so a `__proto__` key in the body stays a plain key.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isSecret(key, inCard))
      .map(([key, child]: [string, unknown]) => [key, stripCardData(child, /^cards?$/i.test(key))]),
  );
}
