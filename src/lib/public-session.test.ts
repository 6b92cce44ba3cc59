import { describe, expect, expectTypeOf, it } from 'vitest';
import { publicSessionSchema, type PublicOrder } from '../../contract/checkout-session.ts';
import type { OrderConfig } from './order-config.ts';
import { openSessionForFirstPaint, servedSessionLocale } from './public-session.ts';
import { OPEN_SESSION, transaction } from './session-test-data.ts';
import { sessionAddressSample } from '../../contract/testing/samples.ts';

const ID = OPEN_SESSION.id;

describe('the first paint’s hand check of the served session', () => {
  it('accepts an open session with nothing under way, as the full schema does', () => {
    expect(publicSessionSchema.safeParse(OPEN_SESSION).success).toBe(true);
    expect(openSessionForFirstPaint(OPEN_SESSION, ID)).toEqual(OPEN_SESSION);
  });

  it('holds the order to the same type as the browser’s OrderConfig', () => {
    expectTypeOf<PublicOrder>().toEqualTypeOf<OrderConfig>();
  });

  it('leaves to the lazy, zod-checked path whatever it does not paint itself', () => {
    expect(openSessionForFirstPaint({ ...OPEN_SESSION, status: 'expired' }, ID)).toBeUndefined();
    expect(openSessionForFirstPaint({ ...OPEN_SESSION, status: 'complete' }, ID)).toBeUndefined();
    const withPayment = {
      ...OPEN_SESSION,
      payment: { status: 'waiting_payment', payment_method: 'pix', transaction: transaction() },
    };
    expect(publicSessionSchema.safeParse(withPayment).success).toBe(true);
    expect(openSessionForFirstPaint(withPayment, ID)).toBeUndefined();
    // Saved cards (and the offer to save one) come with the lazy path, not the first load (issue 14).
    const savingCards = { ...OPEN_SESSION, mode: 'payment', save_cards: true, saved_cards: [] };
    expect(publicSessionSchema.safeParse(savingCards).success).toBe(true);
    expect(openSessionForFirstPaint(savingCards, ID)).toBeUndefined();
  });

  it.each([
    ['another session’s JSON', { ...OPEN_SESSION, id: 'cs_ZZZZZZZZZZZZZZZZZZZZZZ' }],
    ['null (the server knows no such session)', null],
    [
      'an amount that is not whole cents',
      { ...OPEN_SESSION, order: { ...OPEN_SESSION.order, amount: 150.9 } },
    ],
    ['no items', { ...OPEN_SESSION, order: { ...OPEN_SESSION.order, items: [] } }],
    ['an unknown method', { ...OPEN_SESSION, order: { ...OPEN_SESSION.order, methods: ['cash'] } }],
    ['13 installments', { ...OPEN_SESSION, order: { ...OPEN_SESSION.order, maxInstallments: 13 } }],
    ['a success_url that is not text', { ...OPEN_SESSION, success_url: 42 }],
    ['no expiry', { ...OPEN_SESSION, expires_at: undefined }],
  ])('refuses %s, as the full schema does', (_name, value) => {
    expect(openSessionForFirstPaint(value, ID)).toBeUndefined();
    if (value !== null && (value as { id?: string }).id === ID) {
      expect(publicSessionSchema.safeParse(value).success).toBe(false);
    }
  });

  it('reads the session’s language for the first paint', () => {
    expect(servedSessionLocale({ ...OPEN_SESSION, order: { ...OPEN_SESSION.order, locale: 'en' } })).toBe(
      'en',
    );
    expect(servedSessionLocale(OPEN_SESSION)).toBeUndefined();
    expect(servedSessionLocale({ order: { locale: 'fr' } })).toBeUndefined();
    expect(servedSessionLocale(null)).toBeUndefined();
  });
});

describe('the customer the first paint pre-fills', () => {
  const ANA = {
    name: 'Ana Silva',
    email: 'ana@example.com',
    document: { type: 'cnpj', number: '12ABC34501DE35' },
    phone: '+5511987654321',
    address: sessionAddressSample,
  };

  it('is painted at once when the full schema would accept it too', () => {
    const session = { ...OPEN_SESSION, customer: ANA };
    expect(publicSessionSchema.safeParse(session).success).toBe(true);
    expect(openSessionForFirstPaint(session, ID)?.customer).toEqual(ANA);
  });

  it.each([
    ['a name that is not text', { ...ANA, name: 42 }],
    ['an empty e-mail', { ...ANA, email: '' }],
    ['a document that is not an object', { ...ANA, document: '52998224725' }],
    ['a document number that is not text', { ...ANA, document: { type: 'cpf', number: 52998224725 } }],
    ['an address that is not an object', { ...ANA, address: 'Avenida Paulista, 1000' }],
    ['an address number that is not text', { ...ANA, address: { ...ANA.address, street_number: 1000 } }],
  ])('leaves %s to the zod-checked path, which refuses it as well', (_case, customer) => {
    const session = { ...OPEN_SESSION, customer };
    expect(publicSessionSchema.safeParse(session).success).toBe(false);
    expect(openSessionForFirstPaint(session, ID)).toBeUndefined();
  });

  it('leaves the formats to the full check that follows on the first tap (the fields only show them)', () => {
    const session = { ...OPEN_SESSION, customer: { ...ANA, phone: '11987654321' } };
    expect(publicSessionSchema.safeParse(session).success).toBe(false);
    expect(openSessionForFirstPaint(session, ID)?.customer).toMatchObject({ phone: '11987654321' });
  });
});
