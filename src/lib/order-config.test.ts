import { describe, expect, it } from 'vitest';
import { localeFromSearchParams, orderFromSearchParams } from './order-config.ts';

const parse = (query: string) => orderFromSearchParams(new URLSearchParams(query));

describe('order config from URL parameters', () => {
  it('reads a full order', () => {
    expect(
      parse('amount=25000&description=Fone&methods=credit_card&installments=6&threeds=required'),
    ).toEqual({
      ok: true,
      order: {
        amount: 25000,
        items: [{ title: 'Fone', unitPrice: 25000, quantity: 1, tangible: true }],
        descriptor: 'LOJA EXEMPLO',
        methods: ['credit_card'],
        maxInstallments: 6,
        threeDS: 'required',
        feesPaidBy: 'merchant',
      },
    });
  });

  it('defaults to both methods, 12 installments and 3DS off', () => {
    const result = parse('amount=100');
    expect(result.ok).toBe(true);
    if (result.ok !== true) return;
    expect(result.order.methods).toEqual(['credit_card', 'pix']);
    expect(result.order.maxInstallments).toBe(12);
    expect(result.order.threeDS).toBe('off');
  });

  it('names every bad parameter by its URL name', () => {
    expect(parse('amount=12.50&methods=boleto&installments=20&threeds=maybe')).toEqual({
      ok: false,
      problems: ['amount', 'methods', 'installments', 'threeds'],
    });
    expect(parse('description=x')).toEqual({ ok: false, problems: ['amount'] });
  });

  it('is empty without order parameters, so mock mode can show the demo order', () => {
    expect(parse('lang=en')).toEqual({ ok: 'empty' });
  });

  it('reads an optional delivery fee and leaves links without one undelivered', () => {
    const delivered = parse('amount=16590&shipping=1500');
    expect(delivered.ok === true && delivered.order.shipping).toEqual({ fee: 1500 });
    const free = parse('amount=16590&shipping=0');
    expect(free.ok === true && free.order.shipping).toEqual({ fee: 0 });
    const old = parse('amount=16590');
    expect(old.ok === true && 'shipping' in old.order).toBe(false);
    expect(parse('amount=16590&shipping=15.00')).toEqual({ ok: false, problems: ['shipping'] });
  });

  it('reads the locale only when it is one we speak', () => {
    expect(localeFromSearchParams(new URLSearchParams('lang=en'))).toBe('en');
    expect(localeFromSearchParams(new URLSearchParams('lang=fr'))).toBeUndefined();
  });
});
