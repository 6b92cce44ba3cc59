import { describe, expect, it } from 'vitest';
import { formatTaxId, maskedTaxId, normaliseTaxId } from './tax-id.ts';
import { isValidCnpj, isValidCpf, taxIdType } from './tax-id-check.ts';

describe('CPF and CNPJ check digits', () => {
  it('accepts valid ids, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    // The example of every Brazilian validation tutorial, and of the Receita's own calculators.
    expect(isValidCnpj('11.444.777/0001-61')).toBe(true);
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
    expect(taxIdType('12ABC34501DE35')).toBe('cnpj');
    expect(taxIdType('12345678900')).toBeUndefined();
  });

  it('formats as typed', () => {
    expect(formatTaxId('529982')).toBe('529.982');
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('alphanumeric CNPJ (from July 2026)', () => {
  it("accepts the Receita Federal's published example, 12.ABC.345/01DE-35", () => {
    // Nota Técnica COCAD/SUARA/RFB nº 49/2024: A=17, B=18, C=19, D=20, E=21; Σ = 459, 11 − 459 mod 11 = 3;
    // then the second digit, 5.
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    // Lower case is the same id, as the note's first step says (upper-case the letters).
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('rejects a wrong check digit, letters in the check digits and characters outside 0-9 A-Z', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-53')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DÉ35')).toBe(false);
    // Letters never make a CPF.
    expect(isValidCpf('529982247A5')).toBe(false);
  });

  it('counts a letter by its place: swapping two letters changes the check digits', () => {
    expect(isValidCnpj('12.BAC.345/01DE-35')).toBe(false);
  });

  it('normalises for the gateway and formats as typed', () => {
    expect(normaliseTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatTaxId('12a')).toBe('12.A');
    expect(formatTaxId('12abc345')).toBe('12.ABC.345');
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatTaxId('12.ABC.345/01DE-3599')).toBe('12.ABC.345/01DE-35');
  });

  it('masks an id for a folded summary', () => {
    expect(maskedTaxId('52998224725')).toBe('•••.982.247-••');
    expect(maskedTaxId('12ABC34501DE35')).toBe('••.ABC.345/01DE-••');
  });
});
