import { describe, expect, it } from 'vitest';
import { brl, parseBrl } from './money-text.ts';

describe('amounts a shopper types on a link page', () => {
  it('reads Brazilian and dotted decimals to exact cents', () => {
    expect(parseBrl('25')).toBe(2500);
    expect(parseBrl('25,5')).toBe(2550);
    expect(parseBrl('25,50')).toBe(2550);
    expect(parseBrl('R$ 1.234,56')).toBe(123456);
    expect(parseBrl('1.234')).toBe(123400);
    expect(parseBrl('25.50')).toBe(2550);
    expect(parseBrl('0,01')).toBe(1);
    expect(parseBrl(' 19,99 ')).toBe(1999);
  });

  it('refuses what is not an amount', () => {
    for (const typed of ['', 'abc', '-20', '1,234,56', '12,345', '1e5', '25,5x'])
      expect(parseBrl(typed)).toBeUndefined();
  });

  it('writes BRL as Brazilians do', () => {
    expect(brl(123456)).toBe('R$\u00a01.234,56');
  });
});
