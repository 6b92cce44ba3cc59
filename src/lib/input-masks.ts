/**
 * Masks applied as the shopper types, matching the hints the fields show. Pure: the fields call them on
 * every change and keep the caret at the end (typing on a phone happens there).
 */

/** 01310100 → 01310-100. */
export function formatCep(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The CEP's 8 digits once complete, else undefined. */
export function completeCep(input: string): string | undefined {
  const digits = input.replace(/\D/g, '');
  return digits.length === 8 ? digits : undefined;
}

/**
 * Brazilian numbers as `(11) 98765-4321` (mobile) or `(11) 3456-7890` (landline); a number the shopper
 * starts with `+` is international and kept as typed, digits and spaces only.
 */
export function formatPhone(input: string): string {
  const trimmed = input.trimStart();
  if (trimmed.startsWith('+')) return `+${trimmed.slice(1).replace(/[^\d ]/g, '')}`;
  const digits = input.replace(/\D/g, '').slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = `(${digits.slice(0, 2)}) `;
  const local = digits.slice(2);
  // 9 local digits: a mobile, 5 + 4; up to 8: a landline, 4 + 4.
  const split = local.length > 8 ? 5 : 4;
  return local.length > split ? `${area}${local.slice(0, split)}-${local.slice(split)}` : `${area}${local}`;
}

/** An international phone (+5511987654321) shown to its owner: (11) 98765-4321 when Brazilian. */
export function displayPhone(international: string): string {
  return international.startsWith('+55') ? formatPhone(international.slice(3)) : international;
}
