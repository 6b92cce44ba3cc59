import { describe, expect, it } from 'vitest';
import { feeBrandForCardType } from './fee-brands.ts';

describe('feeBrandForCardType', () => {
  it.each([
    ['visa', 'visa'],
    ['mastercard', 'mastercard'],
    ['american-express', 'amex'],
    ['diners-club', 'diners'],
    ['elo', 'elo'],
    ['hipercard', 'hipercard'],
    ['jcb', 'visa'],
    [undefined, 'visa'],
  ])('card type %s is simulated as %s', (type, brand) => {
    expect(feeBrandForCardType(type)).toBe(brand);
  });
});
