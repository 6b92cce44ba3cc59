import { describe, expect, it } from 'vitest';
import { documentRequestSchema } from './customer.ts';

describe('documents sent to the gateway', () => {
  it('takes a CPF, a numeric CNPJ and an alphanumeric one (July 2026), upper case and unpunctuated', () => {
    for (const number of ['52998224725', '11444777000161', '12ABC34501DE35'])
      expect(documentRequestSchema.safeParse({ type: 'cnpj', number }).success).toBe(true);
  });

  it('refuses punctuation, lower case and letters in the check digits', () => {
    for (const number of ['12.ABC.345/01DE-35', '12abc34501de35', '12ABC34501DE3A', '5299822472'])
      expect(documentRequestSchema.safeParse({ type: 'cnpj', number }).success).toBe(false);
  });
});
