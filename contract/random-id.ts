/**
 * 128 random bits as 32 lower-case hex digits: unguessable, and carrying nothing about the card or the
 * order. The 3DS return reference, the embed's instance id and the mock bank's challenge token.
 */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export const RANDOM_ID_PATTERN = /^[0-9a-f]{32}$/;

export function isRandomId(value: string | null | undefined): value is string {
  return typeof value === 'string' && RANDOM_ID_PATTERN.test(value);
}
