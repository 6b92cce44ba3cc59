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
export function findUnsafeText(value: unknown): string | undefined {
  return unsafePath(value)?.join('.');
}

/**
 * The path below `value` to its first unsafe string or key, built only on the way back from a hit: every
 * request body is walked (every payment's), and almost none has one.
 */
function unsafePath(value: unknown): (string | number)[] | undefined {
  if (typeof value === 'string') return hasUnsafeText(value) ? [] : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unsafePath(value[index]);
      if (found !== undefined) {
        found.unshift(index);
        return found;
      }
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      // A bad key is named by its readable part: its unsafe characters would not print.
      if (hasUnsafeText(key)) return [key.replace(UNSAFE_TEXT_GLOBAL, '?')];
      const found = unsafePath((value as Record<string, unknown>)[key]);
      if (found !== undefined) {
        found.unshift(key);
        return found;
      }
    }
  }
  return undefined;
}

/** The same text with every unsafe character replaced (for names in messages and logs). */
export function replaceUnsafeText(value: string, replacement = '\ufffd'): string {
  return value.replace(UNSAFE_TEXT_GLOBAL, replacement);
}
