import { describe, expect, it } from 'vitest';
import { MAX_STORED_STRING, mayRememberKey, sanitiseGatewayBody } from './sanitise.ts';

const ANSWER = {
  id: 1234567,
  status: 'paid',
  card_number: '4111111111111111',
  Card_CVV: '123',
  pan: '4111111111111111',
  card_holder_name: 'MARIA 4111 1111 1111 1111',
  card: {
    id: 'card_1',
    number: '4111111111111111',
    expiry: '0333',
    last_digits: '1111',
    holder_document: '1',
  },
  metadata: { order: 'card 4111-1111-1111-1111' },
  items: [{ title: 'Shoes 4111111111111111', cvv: '999' }],
  pix_expiration_date: '2030-01-01',
  'bad\u0000key': 'a\u0000b',
};

const EXPECTED = {
  id: 1234567,
  status: 'paid',
  card_holder_name: 'MARIA ••••1111',
  card: { id: 'card_1', last_digits: '1111' },
  metadata: { order: 'card ••••1111' },
  items: [{ title: 'Shoes ••••1111' }],
  pix_expiration_date: '2030-01-01',
  'bad\ufffdkey': 'a\ufffdb',
};

describe('gateway answers as stored', () => {
  it('drops card keys at any depth, masks free text, and gives the same on every call (remembered keys)', () => {
    for (let call = 0; call < 3; call += 1) expect(sanitiseGatewayBody(ANSWER)).toEqual(EXPECTED);
    // `number` is a card number only inside a card object.
    expect(sanitiseGatewayBody({ address: { number: '12' }, card: { number: '4111' } })).toEqual({
      address: { number: '12' },
      card: {},
    });
  });

  it('remembers only plain names, never digits a gateway could send as a key', () => {
    for (const key of ['status', 'card_holder_name', 'Card', 'x-request.id'])
      expect(mayRememberKey(key)).toBe(true);
    for (const key of ['4111111111111111', '123', 'line1', 'a'.repeat(65), '', 'bad\u0000key', 'é'])
      expect(mayRememberKey(key)).toBe(false);
  });

  it('still cuts a long key and a long value to what can be stored', () => {
    const long = 'k'.repeat(MAX_STORED_STRING + 10);
    expect(Object.keys(sanitiseGatewayBody({ [long]: 'x'.repeat(MAX_STORED_STRING + 10) }))).toEqual([
      'k'.repeat(MAX_STORED_STRING),
    ]);
  });
});
