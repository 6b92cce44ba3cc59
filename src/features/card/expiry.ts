/** As typed: "1" → "1", "12" → "12/", "123" → "12/3"; a leading 2–9 becomes "0N/". */
export function formatExpiry(input: string, deleting = false): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" → "MMYY", the gateway's `card_expiration_date` (spec 2.2). */
export function expiryToWire(value: string): string {
  return value.replace(/\D/g, '');
}

export type ExpiryProblem = 'format' | 'month' | 'past' | 'too-far';

const MAX_YEARS_AHEAD = 20;

/** Cards are valid to the end of their expiry month. */
export function checkExpiry(value: string, now: Date): ExpiryProblem | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return 'format';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'month';
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'past';
  if (year > thisYear + MAX_YEARS_AHEAD) return 'too-far';
  return undefined;
}
