import { describe, expect, it } from 'vitest';
import { publicOrderSchema } from '../../contract/checkout-session.ts';
import { localeFromSearchParams, orderFromSearchParams, validateOrderConfig } from './order-config.ts';

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

  it('takes the delivery fee out of the item, names a fee that swallows the amount, and a long description', () => {
    const result = parse('amount=15090&shipping=1000&description=Shoes');
    expect(result.ok === true && result.order.items[0]?.unitPrice).toBe(14090);
    expect(result.ok === true && result.order.shipping).toEqual({ fee: 1000 });
    expect(parse('amount=100&shipping=5000')).toEqual({ ok: false, problems: ['shipping'] });
    expect(parse('shipping=500')).toEqual({ ok: false, problems: ['amount'] });
    expect(parse(`amount=1000&description=${'x'.repeat(130)}`)).toEqual({
      ok: false,
      problems: ['description'],
    });
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

describe('validateOrderConfig agrees with the zod publicOrderSchema', () => {
  const valid = {
    amount: 15090,
    items: [{ title: 'Fone', unitPrice: 15090, quantity: 1, tangible: true }],
    descriptor: 'LOJA EXEMPLO',
    methods: ['credit_card', 'pix'],
    maxInstallments: 12,
    threeDS: 'off',
    feesPaidBy: 'merchant',
  };
  const cases: Record<string, unknown>[] = [
    valid,
    { ...valid, locale: 'en', shipping: { fee: 0 } },
    { ...valid, amount: 0 },
    { ...valid, amount: 12.5 },
    { ...valid, amount: 100_000_001 },
    { ...valid, amount: Number.NaN },
    { ...valid, items: [] },
    { ...valid, items: [{ title: '', unitPrice: 1, quantity: 1, tangible: true }] },
    { ...valid, items: [{ title: 'x'.repeat(121), unitPrice: 1, quantity: 1, tangible: true }] },
    { ...valid, items: [{ title: 'x', unitPrice: 1, quantity: 0, tangible: true }] },
    { ...valid, items: [{ title: 'x', unitPrice: 1, quantity: 1, tangible: 'yes' }] },
    { ...valid, descriptor: '' },
    { ...valid, descriptor: 'x'.repeat(23) },
    { ...valid, descriptor: undefined },
    { ...valid, methods: [] },
    { ...valid, methods: ['cash'] },
    { ...valid, maxInstallments: 0 },
    { ...valid, maxInstallments: 13 },
    { ...valid, threeDS: 'maybe' },
    { ...valid, feesPaidBy: 'self' },
    { ...valid, locale: 'fr' },
    { ...valid, shipping: { fee: -1 } },
    { ...valid, shipping: { fee: 1.5 } },
    { ...valid, shipping: 'free' },
    { ...valid, collect: { address: false, phone: true } },
    { ...valid, collect: {} },
    { ...valid, collect: { address: 'no' } },
    { ...valid, collect: true },
  ];

  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, candidate) => {
    const zod = publicOrderSchema.safeParse(candidate);
    const hand = validateOrderConfig(candidate);
    expect(hand.ok).toBe(zod.success);
    if (!hand.ok && !zod.success) {
      const zodFields = [...new Set(zod.error.issues.map((issue) => String(issue.path[0])))];
      expect(hand.invalid).toEqual(zodFields);
    }
  });
});
