import { describe, expect, it } from 'vitest';
import { detectBrand, formatCardNumber } from './card-brand.ts';

describe('card brand detection', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6362970000457013', 'Elo'],
    ['6062826786276634', 'Hipercard'],
    ['6370950000000005', 'Hiper'],
    ['36227206271667', 'Diners Club'],
  ])('%s is %s', (number, name) => {
    expect(detectBrand(number)?.name).toBe(name);
  });

  it('waits while the prefix could still be several brands', () => {
    expect(detectBrand('')).toBeUndefined();
    expect(detectBrand('6')).toBeUndefined();
  });

  it('knows the CVV size per brand', () => {
    expect(detectBrand('378282246310005')?.cvvSize).toBe(4);
    expect(detectBrand('4111111111111111')?.cvvSize).toBe(3);
  });
});

describe('formatCardNumber', () => {
  it('spaces by the brand gaps and drops extra digits', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828224631000599')).toBe('3782 822463 10005');
    expect(formatCardNumber('4111-1111 abc')).toBe('4111 1111');
  });
});
