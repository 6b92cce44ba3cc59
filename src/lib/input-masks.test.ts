import { describe, expect, it } from 'vitest';
import { toInternationalPhone } from './phone.ts';
import { completeCep, displayPhone, formatCep, formatPhone } from './input-masks.ts';

describe('CEP mask', () => {
  it('formats as typed and caps at 8 digits', () => {
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-1009')).toBe('01310-100');
    expect(formatCep('ab01310 100')).toBe('01310-100');
  });

  it('is complete only with 8 digits', () => {
    expect(completeCep('01310-10')).toBeUndefined();
    expect(completeCep('01310-100')).toBe('01310100');
  });
});

describe('phone mask', () => {
  it('formats mobiles and landlines as typed', () => {
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('(11) 98765-43210')).toBe('(11) 98765-4321');
    expect(formatPhone('')).toBe('');
  });

  it('leaves an international number as typed', () => {
    expect(formatPhone('+1 (415) 555-0100')).toBe('+1 415 5550100');
  });

  it('what the mask makes is what the gateway accepts', () => {
    expect(toInternationalPhone(formatPhone('11987654321'))).toBe('+5511987654321');
    expect(toInternationalPhone(formatPhone('1134567890'))).toBe('+551134567890');
  });

  it('shows a stored Brazilian number the way the shopper types it', () => {
    expect(displayPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(displayPhone('+14155550100')).toBe('+14155550100');
  });
});
