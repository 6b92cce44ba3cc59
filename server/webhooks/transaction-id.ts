/**
 * The spec shows no webhook format, so any of these shapes naming the gateway's transaction is accepted
 * (docs/decisions/068-gateway-webhooks-in.md), the most specific first — an outer `id` may be the event's own
 * id: JSON `data.object.id`, `data.id`, `object.id`, `transaction.id`, `transaction_id`, `id`; form-encoded
 * `transaction_id`, `transaction[id]`, `data[id]`, `id`. The value is a positive integer or its digits.
 */
const JSON_PATHS: readonly (readonly string[])[] = [
  ['data', 'object', 'id'],
  ['data', 'id'],
  ['object', 'id'],
  ['transaction', 'id'],
  ['transaction_id'],
  ['id'],
];
const FORM_KEYS = ['transaction_id', 'transaction[id]', 'data[id]', 'data[object][id]', 'id'];

function asTransactionId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function transactionIdOf(rawBody: string, contentType: string): number | undefined {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) {
    const form = new URLSearchParams(rawBody);
    for (const key of FORM_KEYS) {
      const id = asTransactionId(form.get(key));
      if (id !== undefined) return id;
    }
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  for (const path of JSON_PATHS) {
    const id = asTransactionId(at(json, path));
    if (id !== undefined) return id;
  }
  return undefined;
}
