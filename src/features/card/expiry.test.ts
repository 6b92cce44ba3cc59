import { describe, expect, it } from 'vitest';
import { checkExpiry, expiryToWire, formatExpiry } from './expiry.ts';

describe('expiry', () => {
  it('formats as typed, with the slash coming by itself', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('goes on the wire as MMYY', () => {
    expect(expiryToWire('03/33')).toBe('0333');
  });

  it('is valid until the end of its month and not beyond 20 years', () => {
    const now = new Date(2026, 10, 22);
    expect(checkExpiry('11/26', now)).toBeUndefined();
    expect(checkExpiry('10/26', now)).toBe('past');
    expect(checkExpiry('13/30', now)).toBe('month');
    expect(checkExpiry('1/30', now)).toBe('format');
    expect(checkExpiry('12/99', now)).toBe('too-far');
  });
});
