import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionCustomerSchema, type SessionCustomer } from '../../contract/checkout-session.ts';

/** What a link's query may pre-fill, in the order the signed text lists them. */
export const PREFILL_FIELDS = ['document', 'email', 'name'] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

/**
 * The signed text (docs/merchants/payment-links.md, "Pre-filled links"): the link's code, `?`, then the
 * present fields as `name=value` in the order above, URL-encoded (`URLSearchParams`), joined by `&`.
 * e.g. `Ab3dEf6hIj9k?email=ana%40example.com&name=Ana+Souza`.
 */
export function prefillText(code: string, fields: Partial<Record<PrefillField, string>>): string {
  const params = new URLSearchParams();
  for (const field of PREFILL_FIELDS) {
    const value = fields[field];
    if (value !== undefined) params.append(field, value);
  }
  return `${code}?${params.toString()}`;
}

/** `sig`: HMAC-SHA256 of the text with the merchant's secret key, base64url (what the merchant computes). */
export function signPrefill(
  secretKey: string,
  code: string,
  fields: Partial<Record<PrefillField, string>>,
): string {
  return createHmac('sha256', secretKey).update(prefillText(code, fields)).digest('base64url');
}

/**
 * The customer a link's query pre-fills — only when `sig` is the merchant's signature of exactly these
 * fields (compared in constant time) and they are valid; otherwise nothing is pre-filled, silently (the
 * shopper types them). Never an amount: the query cannot carry one.
 */
export function verifiedPrefill(
  secretKey: string,
  code: string,
  query: URLSearchParams,
): SessionCustomer | undefined {
  const sig = query.get('sig');
  if (!sig) return undefined;
  const fields: Partial<Record<PrefillField, string>> = {};
  for (const field of PREFILL_FIELDS) {
    const value = query.get(field);
    if (value !== null) fields[field] = value;
  }
  const expected = Buffer.from(signPrefill(secretKey, code, fields));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const document = fields.document?.replace(/[.\-/\s]/g, '').toUpperCase();
  const parsed = sessionCustomerSchema.safeParse({
    ...(fields.name ? { name: fields.name } : {}),
    ...(fields.email ? { email: fields.email } : {}),
    ...(document ? { document: { type: document.length === 11 ? 'cpf' : 'cnpj', number: document } } : {}),
  });
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}
