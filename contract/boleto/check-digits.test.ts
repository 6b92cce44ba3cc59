import { describe, expect, it } from 'vitest';
import {
  barcodeMod11,
  barcodeOfLine,
  buildBarcode,
  dueDateOfFactor,
  dueFactor,
  formatDigitableLine,
  isValidBarcode,
  isValidDigitableLine,
  lineOfBarcode,
  mod10,
  onlyDigits,
  readBarcode,
} from './check-digits.ts';

/**
 * Digitable lines published as valid examples by public boleto validators (their README or tests):
 * Tagliatti/Boleto-Validator-PHP (README), clipbarcode (tests, Banco do Brasil) and
 * brazilian-utils (tests, Banco do Brasil).
 */
const PUBLISHED_LINES = [
  '42297.11504 00001.954411 60020.034520 2 68610000054659',
  '00190.50095 40144.816069 06809.350314 3 37370000000100',
  '00190000090114971860168524522114675860000102656',
];

describe('boleto check digits (FEBRABAN layout)', () => {
  it.each(PUBLISHED_LINES)('accepts the published line %s', (printed) => {
    const line = onlyDigits(printed);
    expect(line).toHaveLength(47);
    expect(isValidDigitableLine(line)).toBe(true);
    const barcode = barcodeOfLine(line);
    expect(barcode).toHaveLength(44);
    expect(isValidBarcode(barcode)).toBe(true);
    // Back and forth: the line rebuilt from its barcode is the printed one, digit for digit.
    expect(lineOfBarcode(barcode)).toBe(line);
  });

  it('reads the amount and due date of a published line (R$ 1,00, factor 3737)', () => {
    const barcode = barcodeOfLine(onlyDigits(PUBLISHED_LINES[1] ?? ''));
    expect(barcode).toBe('00193373700000001000500940144816060680935031');
    // Factor 3737: 3737 days after 1997-10-07 (the factor 1000 is 2000-07-03, as the layout defines).
    expect(readBarcode(barcode, '2008-01-01')).toEqual({ bank: '001', dueDate: '2007-12-31', amount: 100 });
  });

  it('finds every single wrong digit of a line', () => {
    const line = onlyDigits(PUBLISHED_LINES[0] ?? '');
    for (let index = 0; index < line.length; index += 1) {
      const digit = Number(line[index]);
      const wrong = line.slice(0, index) + String((digit + 1) % 10) + line.slice(index + 1);
      // Field 5 (factor and amount) is covered by the general digit: mod 11 catches any one change.
      expect(isValidDigitableLine(wrong), `digit ${index + 1}`).toBe(false);
    }
  });

  it('computes mod 10 and mod 11 as the layout shows', () => {
    // Field 1 of the first published line: 422971150 → 4.
    expect(mod10('422971150')).toBe(4);
    // A general digit of 0, 10 or 11 is written 1.
    const zeroRemainder = '0000000000000000000000000000000000000000000';
    expect(barcodeMod11(zeroRemainder)).toBe(1);
  });

  it('rejects lines and barcodes of the wrong length or with letters', () => {
    expect(isValidDigitableLine('123')).toBe(false);
    expect(isValidDigitableLine('0019050095401448160690680935031433737000000010A')).toBe(false);
    expect(isValidBarcode('0019337370000000100050094014481606068093503')).toBe(false);
  });

  it('counts the due factor from 1997-10-07 and starts again at 1000 on 2025-02-22', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2026-11-26')).toBe(dueFactor('2026-11-26'));
    expect(dueDateOfFactor(dueFactor('2026-11-26'), '2026-11-23')).toBe('2026-11-26');
    expect(dueDateOfFactor('9999', '2025-01-01')).toBe('2025-02-21');
  });

  it('builds a barcode whose line validates and reads back', () => {
    const barcode = buildBarcode({
      bank: '237',
      dueDate: '2026-11-26',
      amount: 15_090,
      freeField: '1234567890123456789012345',
    });
    expect(isValidBarcode(barcode)).toBe(true);
    const line = lineOfBarcode(barcode);
    expect(isValidDigitableLine(line)).toBe(true);
    expect(readBarcode(barcode, '2026-11-23')).toEqual({
      bank: '237',
      dueDate: '2026-11-26',
      amount: 15_090,
    });
  });

  it('prints a line in the banks’ groups', () => {
    expect(formatDigitableLine(onlyDigits(PUBLISHED_LINES[1] ?? ''))).toBe(PUBLISHED_LINES[1]);
  });
});
