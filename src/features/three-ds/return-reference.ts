/*
 * The two pieces of the 3DS return that the checkout's first load needs (the route and a fresh
 * reference); the URL builders load with the 3DS request, in return-url.ts.
 */

/** The SPA's own return route; the gateway sends the shopper here after the bank's challenge. */
export const RETURN_PATH = '/3ds/return';

const REFERENCE_BYTES = 16;

/** 128 random bits as hex: unguessable, and it carries nothing about the card or the order. */
export function createReturnReference(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(REFERENCE_BYTES)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function isReturnReference(value: string | null): value is string {
  return value !== null && /^[0-9a-f]{32}$/.test(value);
}
