import * as z from 'zod/mini';

/**
 * What no text of ours may hold: C0 controls (NUL included), DEL, C1 controls, and UTF-16 surrogates that
 * are not half of a pair. PostgreSQL cannot store a NUL or a lone surrogate in text or jsonb, gateways and
 * terminals treat controls unpredictably, and nothing a shopper or a merchant types needs them. Refused at
 * the edge, before anything reaches the gateway, so a charge is never made that cannot be recorded.
 */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNSAFE_TEXT_GLOBAL = new RegExp(UNSAFE_TEXT.source, 'g');

export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters or unpaired surrogates';

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** A string check for every free-text field of the contract. */
export const plainText = () => z.refine<string>((value) => !UNSAFE_TEXT.test(value), UNSAFE_TEXT_MESSAGE);

/**
 * The path of the first string (or object key) in a parsed JSON value that holds unsafe text, as the API's
 * errors name fields (`billing.address.street`, `items.0.title`); undefined when there is none.
 */
export function findUnsafeText(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return hasUnsafeText(value) ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeText(value[index], [...path, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      // A bad key is named by its readable part: its unsafe characters would not print.
      if (hasUnsafeText(key)) return [...path, key.replace(UNSAFE_TEXT_GLOBAL, '?')].join('.');
      const found = findUnsafeText(entry, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The same text with every unsafe character replaced (for names in messages and logs). */
export function replaceUnsafeText(value: string, replacement = '\ufffd'): string {
  return value.replace(UNSAFE_TEXT_GLOBAL, replacement);
}
