import { describe, expect, it } from 'vitest';
import { toInternationalPhone } from './phone.ts';

describe('toInternationalPhone', () => {
  it('adds +55 to Brazilian numbers with area code', () => {
    expect(toInternationalPhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(toInternationalPhone('11 3456-7890')).toBe('+551134567890');
    expect(toInternationalPhone('55 11 98765-4321')).toBe('+5511987654321');
  });

  it('keeps numbers that already carry a country code', () => {
    expect(toInternationalPhone('+1 415 555 2671')).toBe('+14155552671');
  });

  it('rejects numbers without an area code or too long', () => {
    expect(toInternationalPhone('98765-4321')).toBeUndefined();
    expect(toInternationalPhone('+1234567890123456')).toBeUndefined();
    expect(toInternationalPhone('')).toBeUndefined();
  });
});
