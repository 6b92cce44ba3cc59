import { describe, expect, it } from 'vitest';
import { formatCents, formatReais } from './money.ts';

// Intl uses a no-break space between the symbol and the number in pt-BR.
const normalise = (text: string) => text.replace(/\s/g, ' ');

describe('money formatting', () => {
  it('formats integer cents as BRL per locale', () => {
    expect(normalise(formatCents(15090, 'pt-BR'))).toBe('R$ 150,90');
    expect(formatCents(15090, 'en')).toBe('R$150.90');
    expect(normalise(formatCents(123456789, 'pt-BR'))).toBe('R$ 1.234.567,89');
  });

  it('formats decimal reais from the fee simulation', () => {
    expect(normalise(formatReais(194.53, 'pt-BR'))).toBe('R$ 194,53');
  });
});
