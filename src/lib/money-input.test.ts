import { describe, expect, it } from 'vitest';
import { formatCents, formatReais } from './money.ts';
import { formatCentsForInput, parseMoneyInput, reaisToCents } from './money-input.ts';
import { formatPercent } from './percent.ts';

/** Intl writes a no-break space between "R$" and the number; a reader sees a space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('parseMoneyInput', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['1.234.567,8', 123456780],
    ['150,9', 15090],
    ['190', 19000],
    ['0,01', 1],
    [' 12 ', 1200],
  ])('pt-BR reads "%s" as %i cents', (text, expected) => {
    expect(parseMoneyInput(text, 'pt-BR')).toBe(expected);
  });

  it.each([
    ['1,234.56', 123456],
    ['1234.56', 123456],
    ['R$1,234.56', 123456],
    ['150.9', 15090],
    ['190', 19000],
  ])('en reads "%s" as %i cents', (text, expected) => {
    expect(parseMoneyInput(text, 'en')).toBe(expected);
  });

  it.each([
    ['1.23', 'pt-BR'],
    ['1,234.56', 'pt-BR'],
    ['12,345', 'pt-BR'],
    ['1.234,56', 'en'],
    ['1,23', 'en'],
    ['', 'en'],
    ['abc', 'pt-BR'],
    ['-5', 'pt-BR'],
    ['1,2,3', 'en'],
  ] as const)('rejects "%s" in %s rather than guess', (text, locale) => {
    expect(parseMoneyInput(text, locale)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes cents back as the merchant types them', () => {
    expect(formatCentsForInput(123456, 'pt-BR')).toBe('1.234,56');
    expect(formatCentsForInput(123456, 'en')).toBe('1,234.56');
    expect(parseMoneyInput(formatCentsForInput(15090, 'pt-BR'), 'pt-BR')).toBe(15090);
    expect(parseMoneyInput(formatCentsForInput(15090, 'en'), 'en')).toBe(15090);
  });

  it('shows BRL in each locale', () => {
    expect(plain(formatCents(10236, 'pt-BR'))).toBe('R$ 102,36');
    expect(plain(formatCents(10236, 'en'))).toBe('R$102.36');
    expect(plain(formatReais(194.53, 'pt-BR'))).toBe('R$ 194,53');
    expect(plain(formatReais(1234.5, 'en'))).toBe('R$1,234.50');
  });

  it('shows percentages in each locale', () => {
    expect(formatPercent(2.33, 'pt-BR')).toBe('2,33%');
    expect(formatPercent(2.33, 'en')).toBe('2.33%');
  });

  it('turns the simulation’s decimal reais into exact cents', () => {
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(194.53)).toBe(19453);
  });
});
