import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCardNumber, maskCardNumbers, maskCardNumbersDeep, maskLongDigitRuns } from './card-data-mask.ts';

/** What merchants send that is not a card number: kept exactly, whatever its digits. */
const KEPT = [
  // ERP order numbers and account ids.
  '20261127000123',
  'Pedido 20261127000123',
  'PED-2026-000123456',
  'acc-123456789012',
  'S2-717854-00001',
  '0001234567890123',
  '2026112700012345678',
  // CNPJ and CPF, punctuated or not.
  '12.345.678/0001-95',
  '12345678000195',
  '529.982.247-25',
  // Phone numbers (every Brazilian one starts with 55, a Mastercard prefix; Mastercard numbers have 16 digits).
  '+55 11 91234-5678',
  '+5511912345678',
  '5511912345678',
  '(11) 91234-5678',
  // Boleto digitable lines as banks print them, and without punctuation.
  '00190.50095 40144.816069 06809.350314 3 37370000000100',
  '42297.11504 00001.954411 60020.034520 2 68610000054659',
  // Itaú: its first three groups are 15 digits starting with 34 (American Express) that pass the Luhn check.
  '34190.00587 17900.101043 35100.479100 7 12340000026035',
  '3419000587 17900101043 35100479100 7 12340000026035',
  '34190005871790010104335100479100712340000026035',
  // Boleto barcodes (44 digits) and an NF-e access key.
  '00193373700000001000500940144816060680935031',
  '34197123400000260350005817900101043510047910',
  '3526 0112 3456 7800 0195 5500 1000 0001 2310 0000 1234',
  // Luhn-valid numbers whose prefix is no card network's.
  '7000000000000005',
  '123456789012347',
  // Luhn-valid with a Visa prefix, of lengths Visa does not issue (13 is no longer issued; 17 never was).
  '4111111111119',
  '41111111111111113',
];

/** Test card numbers of the networks Brazilian shoppers carry: masked however they are written. */
const PANS = {
  visa: '4111111111111111',
  'visa (other)': '4012888888881881',
  mastercard: '5555555555554444',
  'mastercard (2-series)': '2223003122003222',
  amex: '378282246310005',
  elo: '6362970000457013',
  hipercard: '6062826786276634',
  diners: '30569309025904',
};

function written(pan: string, separator: string): string[] {
  const fours = pan.match(/\d{1,4}/g)?.join(separator) ?? pan;
  // American Express and Diners as printed on the card: 4-6-5 and 4-6-4.
  const printed =
    pan.length === 15 || pan.length === 14
      ? [pan.slice(0, 4), pan.slice(4, 10), pan.slice(10)].join(separator)
      : fours;
  return [fours, printed];
}

describe('card numbers in free text', () => {
  it.each(KEPT)('keeps %j as given', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
    expect(maskCardNumbers(`Pedido ${text}, obrigado`)).toBe(`Pedido ${text}, obrigado`);
  });

  it.each(Object.entries(PANS))(
    'masks a %s test card number, whatever separates its groups',
    (_network, pan) => {
      expect(isCardNumber(pan)).toBe(true);
      const last4 = pan.slice(-4);
      for (const separator of ['', ' ', '-', ' - ', '.', '_', '%20']) {
        for (const form of written(pan, separator)) {
          expect(maskCardNumbers(form)).toBe(`••••${last4}`);
          expect(maskCardNumbers(`Cartão ${form} da Ana`)).toBe(`Cartão ••••${last4} da Ana`);
        }
      }
    },
  );

  it('masks only the card number beside other numbers, and every one of several', () => {
    expect(maskCardNumbers('pedido 12 4111 1111 1111 1111 fim')).toBe('pedido 12 ••••1111 fim');
    expect(maskCardNumbers('4111 1111 1111 1111 12')).toBe('••••1111 12');
    expect(maskCardNumbers('20261127000123: 5555-5555-5555-4444 / 378282246310005')).toBe(
      '20261127000123: ••••4444 / ••••0005',
    );
    expect(maskCardNumbersDeep({ order: '20261127000123', note: 'cartão 4111111111111111' })).toEqual({
      order: '20261127000123',
      note: 'cartão ••••1111',
    });
  });

  it('logs keep their wider net: any 12 to 19 digits', () => {
    expect(maskLongDigitRuns('order 20261127000123')).toBe('order ••••0123');
    expect(maskLongDigitRuns('4111 1111 1111 1111')).toBe('••••1111');
  });
});

/** The Luhn check digit that makes `body` + digit pass. */
function luhnDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

const digitString = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((digits) => digits.join(''));
const words = fc.constantFrom('', 'Pedido ', 'NF ', 'ref: ', 'acc-', 'S2-');
const separators = fc.constantFrom(' ', '-', '.', '/', '_', ' - ');

describe('what is not a card number is kept (properties)', () => {
  it('a run of 13 to 19 digits that fails the Luhn check', () => {
    fc.assert(
      fc.property(
        words,
        digitString(12, 18),
        fc.integer({ min: 1, max: 9 }),
        words,
        (before, body, off, after) => {
          const run = `${body}${(luhnDigit(body) + off) % 10}`;
          const text = `${before}${run} ${after}`;
          expect(maskCardNumbers(text)).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a run shorter than 13 digits or longer than 19 (a barcode, a key), Luhn-valid or not', () => {
    fc.assert(
      fc.property(words, fc.oneof(digitString(1, 12), digitString(20, 60)), words, (before, run, after) => {
        const text = `${before}${run} ${after}`;
        expect(maskCardNumbers(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('digit groups of no card layout (no group of 4, none of 13 or more), whatever their digits', () => {
    const group = fc.oneof(digitString(1, 3), digitString(5, 12));
    fc.assert(
      fc.property(
        words,
        fc.array(group, { minLength: 2, maxLength: 8 }),
        separators,
        (before, groups, separator) => {
          const text = `${before}${groups.join(separator)}`;
          expect(maskCardNumbers(text)).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('any whole run that is not a card number, beside text without digits', () => {
    fc.assert(
      fc.property(words, digitString(1, 40), words, (before, run, after) => {
        fc.pre(!isCardNumber(run));
        const text = `${before}${run} ${after}`;
        expect(maskCardNumbers(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('and a card number of any network is masked, grouped in fours', () => {
    const prefixes = fc.constantFrom('4', '51', '55', '2223', '6362', '606282', '6011');
    fc.assert(
      fc.property(prefixes, digitString(15, 15), separators, (prefix, filler, separator) => {
        const body = (prefix + filler).slice(0, 15);
        const pan = `${body}${luhnDigit(body)}`;
        const text = `Cartão ${pan.match(/\d{4}/g)?.join(separator) ?? pan}`;
        expect(maskCardNumbers(text)).toBe(`Cartão ••••${pan.slice(-4)}`);
      }),
      { numRuns: 1000 },
    );
  });
});
