import { describe, expect, it } from 'vitest';
import { formatTaxId, isValidCnpj, isValidCpf, taxIdType } from './tax-id.ts';

describe('CPF and CNPJ check digits', () => {
  it('accepts valid ids, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('rejects a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('tells the type', () => {
    expect(taxIdType('52998224725')).toBe('cpf');
    expect(taxIdType('11222333000181')).toBe('cnpj');
    expect(taxIdType('12345678900')).toBeUndefined();
  });

  it('formats as typed', () => {
    expect(formatTaxId('529982')).toBe('529.982');
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
  });
});
