/**
 * Phone numbers go to the gateway in international format with a leading plus (spec 2.5).
 * A number without a country code is taken as Brazilian: DDD (2 digits) + 8 or 9 digits.
 */
export function toInternationalPhone(input: string): string | undefined {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : undefined;
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return `+${digits}`;
  return undefined;
}
