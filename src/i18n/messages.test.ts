import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locale.ts';
import { messages, translate } from './messages.ts';

describe('message catalogues', () => {
  it('have the same keys in pt-BR and en, none empty', () => {
    expect(Object.keys(messages['pt-BR']).sort()).toEqual(Object.keys(messages.en).sort());
    for (const catalogue of Object.values(messages)) {
      expect(Object.values(catalogue).filter((text) => text.trim() === '')).toEqual([]);
    }
  });

  it('fill placeholders and keep unknown ones visible', () => {
    expect(translate('en', 'card.pay', { amount: 'R$10.00' })).toBe('Pay R$10.00');
    expect(translate('pt-BR', 'card.pay', { amount: 'R$ 10,00' })).toBe('Pagar R$ 10,00');
    expect(translate('en', 'card.pay')).toBe('Pay {amount}');
  });

  it('negotiate the locale from the browser languages', () => {
    expect(negotiateLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(negotiateLocale(['en-GB'])).toBe('en');
    expect(negotiateLocale(['de-DE', 'en-US'])).toBe('en');
    expect(negotiateLocale(['fr'])).toBe('pt-BR');
  });
});
