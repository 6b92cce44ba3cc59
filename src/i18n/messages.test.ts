import { describe, expect, it } from 'vitest';
// Importing the lazily loaded areas registers them, as their chunks do in the app.
import './catalogues/cep-lookup.ts';
import './catalogues/embed.ts';
import './catalogues/fee-simulator.ts';
import './catalogues/form-errors.ts';
import './catalogues/not-found.ts';
import './catalogues/order-error.ts';
import './catalogues/pix.ts';
import './catalogues/receipt-email.ts';
import './catalogues/boleto.ts';
import './catalogues/result.ts';
import './catalogues/session.ts';
import './catalogues/three-ds.ts';
import { negotiateLocale } from './locale.ts';
import { isMessageKey, registeredMessages, translate } from './messages.ts';

describe('message catalogues', () => {
  it('have the same keys in pt-BR and en, none empty', () => {
    const en = registeredMessages('en');
    const pt = registeredMessages('pt-BR');
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(100);
    for (const catalogue of [en, pt]) {
      expect(Object.values(catalogue).filter((text) => !text || text.trim() === '')).toEqual([]);
    }
  });

  it('fill placeholders and keep unknown ones visible', () => {
    expect(translate('en', 'card.pay', { amount: 'R$10.00' })).toBe('Pay R$10.00');
    expect(translate('pt-BR', 'card.pay', { amount: 'R$ 10,00' })).toBe('Pagar R$ 10,00');
    expect(translate('en', 'card.pay')).toBe('Pay {amount}');
  });

  it('know their own keys from a gateway’s words', () => {
    expect(isMessageKey('card.error.cvvInvalid')).toBe(true);
    expect(isMessageKey('Invalid security code.')).toBe(false);
  });

  it('negotiate the locale from the browser languages', () => {
    expect(negotiateLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(negotiateLocale(['en-GB'])).toBe('en');
    expect(negotiateLocale(['de-DE', 'en-US'])).toBe('en');
    expect(negotiateLocale(['fr'])).toBe('pt-BR');
  });
});
