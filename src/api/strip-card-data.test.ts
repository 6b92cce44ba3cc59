import { describe, expect, it } from 'vitest';
import { stripCardData } from './strip-card-data.ts';

describe('stripCardData', () => {
  it('drops card secrets at any depth, in objects and arrays', () => {
    expect(
      stripCardData({
        card_cvv: '123',
        card: { number: '4111111111111111', expiration_date: '0333', card_last_digits: '1111' },
        cards: [{ card_number: '5555555555554444', CVV: '999', brand: 'mastercard' }],
        metadata: { echo: { card_expiration_date: '0333', security_code: '1234', note: 'ok' } },
      }),
    ).toEqual({
      card: { card_last_digits: '1111' },
      cards: [{ brand: 'mastercard' }],
      metadata: { echo: { note: 'ok' } },
    });
  });

  it('keeps numbers that are not card data: documents, street numbers, amounts', () => {
    const body = {
      amount: 15090,
      customer: { documents: [{ type: 'cpf', number: '52998224725' }] },
      billing: { address: { street_number: '1000' } },
      pix_expiration_date: '2025-04-02 13:43:00',
    };
    expect(stripCardData(body)).toEqual(body);
  });

  it('leaves a __proto__ key a plain key', () => {
    const stripped = stripCardData(JSON.parse('{"__proto__":{"polluted":true},"id":1}'));
    expect(Object.getPrototypeOf(stripped)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
