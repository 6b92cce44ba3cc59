/**
 * A card number hidden in free text — a name, an item title, metadata, a gateway's message — written with
 * spaces, dots, dashes, underscores, slashes or their URL-encoded forms between the digits: 12 to 19
 * digits in a row that way become `••••` and the last four. Masked wherever free text is stored, sent in
 * events or logged, so no field can smuggle a PAN into storage (whatever the shopper or merchant typed).
 */
const SEPARATOR = String.raw`(?:[ .\-_/+]|%20|%2[dDeEfF]|%5[fF]){0,3}`;
const PAN_LIKE = new RegExp(String.raw`(?<!\d)\d(?:${SEPARATOR}\d){11,18}(?!\d)`, 'g');

export function maskCardNumbers(text: string): string {
  if (!/\d{2}/.test(text) && !/\d\D\d/.test(text)) return text;
  return text.replace(PAN_LIKE, (match) => `••••${match.replace(/\D/g, '').slice(-4)}`);
}

/** Security codes and other short digit runs in a message we did not write (a gateway's error text). */
export function maskDigitRuns(text: string): string {
  return maskCardNumbers(text).replace(/(?<!\d)\d{3,}(?!\d)/g, '•••');
}

/** Every string of a JSON value masked (keys left as they are). */
export function maskCardNumbersDeep<T>(value: T): T {
  if (typeof value === 'string') return maskCardNumbers(value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => maskCardNumbersDeep(entry)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, maskCardNumbersDeep(entry)]),
    ) as T;
  return value;
}
