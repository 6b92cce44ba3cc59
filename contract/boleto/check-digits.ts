/**
 * The boleto's numbers in the FEBRABAN layout ("boleto de cobrança"): the 44-digit barcode and the 47-digit
 * digitable line (linha digitável) printed above it, with their check digits. Pure and DOM-free: the
 * server checks what the gateway returns, the mock issues valid ones, the browser draws the barcode.
 *
 * Barcode (44): bank (3) · currency 9 (1) · general check digit, mod 11 (1) · due factor (4) ·
 *   amount in cents (10) · free field, the bank's own (25).
 * Line (47): field 1 = bank, currency, free[0..5) + mod-10 digit · field 2 = free[5..15) + mod-10 digit ·
 *   field 3 = free[15..25) + mod-10 digit · field 4 = the barcode's general digit · field 5 = due factor
 *   and amount.
 */

function digitsOf(text: string): number[] {
  return Array.from({ length: text.length }, (_, index) => text.charCodeAt(index) - 48);
}

/** Mod 10: weights 2, 1, 2… from the right; a product over 9 counts as the sum of its digits. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (const digit of digitsOf(digits).reverse()) {
    const product = digit * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: mod 11, weights 2 to 9 from the right; 0, 10 and 11 become 1. */
export function barcodeMod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (const digit of digitsOf(digits).reverse()) {
    sum += digit * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const result = 11 - (sum % 11);
  return result === 0 || result === 10 || result === 11 ? 1 : result;
}

const BARCODE = /^\d{44}$/;
const LINE = /^\d{47}$/;

/** Only the digits: lines are printed with dots and spaces (`23793.38128 60000.…`). */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

export function isValidBarcode(barcode: string): boolean {
  if (!BARCODE.test(barcode)) return false;
  return Number(barcode[4]) === barcodeMod11(barcode.slice(0, 4) + barcode.slice(5));
}

/** The barcode a digitable line stands for (no check of its digits: see isValidDigitableLine). */
export function barcodeOfLine(line: string): string {
  return line.slice(0, 4) + line.slice(32, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
}

export function lineOfBarcode(barcode: string): string {
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return (
    field1 +
    String(mod10(field1)) +
    field2 +
    String(mod10(field2)) +
    field3 +
    String(mod10(field3)) +
    barcode.slice(4, 5) +
    barcode.slice(5, 19)
  );
}

/** All four check digits: the three field digits (mod 10) and the barcode's general digit (mod 11). */
export function isValidDigitableLine(line: string): boolean {
  if (!LINE.test(line)) return false;
  const fieldsOk =
    Number(line[9]) === mod10(line.slice(0, 9)) &&
    Number(line[20]) === mod10(line.slice(10, 20)) &&
    Number(line[31]) === mod10(line.slice(21, 31));
  return fieldsOk && isValidBarcode(barcodeOfLine(line));
}

/** `23793.38128 60000.000003 00000.000400 1 84340000001000`: how banks print it. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

const DAY_MS = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);

/**
 * The due factor of a due date (`YYYY-MM-DD`): days since 1997-10-07; from 2025-02-22 (day 10 000) it
 * starts again at 1000, so it always has four digits (FEBRABAN's rule for the factor's rollover).
 */
export function dueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - FACTOR_BASE) / DAY_MS);
  if (days < 1000) throw new RangeError(`a due date before 2000-07-03 has no factor: ${dueDate}`);
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

/** The due date a factor names, taken in the 9000-day cycle nearest to `near` (`YYYY-MM-DD`). */
export function dueDateOfFactor(factor: string, near: string): string {
  const nearDays = Math.round((Date.parse(`${near}T00:00:00Z`) - FACTOR_BASE) / DAY_MS);
  const value = Number(factor);
  const cycle = Math.round((nearDays - value) / 9000);
  const days = value + cycle * 9000;
  return new Date(FACTOR_BASE + days * DAY_MS).toISOString().slice(0, 10);
}

export interface BarcodeParts {
  /** Three digits (compensation code). */
  bank: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  /** Integer cents, at most 10 digits. */
  amount: number;
  /** The bank's 25-digit free field (agreement, our number…). */
  freeField: string;
}

export function buildBarcode(parts: BarcodeParts): string {
  if (!/^\d{3}$/.test(parts.bank) || !/^\d{25}$/.test(parts.freeField))
    throw new RangeError('bank needs 3 digits and the free field 25');
  if (!Number.isInteger(parts.amount) || parts.amount < 0 || parts.amount > 9_999_999_999)
    throw new RangeError('the amount must fit ten digits of cents');
  const rest = dueFactor(parts.dueDate) + String(parts.amount).padStart(10, '0') + parts.freeField;
  const head = `${parts.bank}9`;
  return head + String(barcodeMod11(head + rest)) + rest;
}

/** What a barcode says (bank, due date near `near`, amount in cents). */
export function readBarcode(barcode: string, near: string): Omit<BarcodeParts, 'freeField'> {
  return {
    bank: barcode.slice(0, 3),
    dueDate: dueDateOfFactor(barcode.slice(5, 9), near),
    amount: Number(barcode.slice(9, 19)),
  };
}
