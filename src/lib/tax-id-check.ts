import { normaliseTaxId } from './tax-id.ts';

/**
 * The check digits of a CPF or CNPJ (tax-id.ts says how they are written). Apart from the masks, which
 * paint with the form: only validation and the request need these, and both load when the shopper acts.
 */
export type TaxIdType = 'cpf' | 'cnpj';

const valueOf = (character: string) => character.charCodeAt(0) - 48;

function checkDigit(body: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (weights[i] ?? 0) * valueOf(body.charAt(i));
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Both check digits; the first uses the weights without their head. */
function checkDigitsMatch(id: string, weights: readonly number[]): boolean {
  const length = weights.length + 1;
  const first = checkDigit(id, weights.slice(1));
  const second = checkDigit(id, weights);
  return id.charAt(length - 2) === String(first) && id.charAt(length - 1) === String(second);
}

export function isValidCpf(input: string): boolean {
  const id = normaliseTaxId(input);
  return /^\d{11}$/.test(id) && !/^(\d)\1*$/.test(id) && checkDigitsMatch(id, CPF_WEIGHTS);
}

export function isValidCnpj(input: string): boolean {
  const id = normaliseTaxId(input);
  return /^[0-9A-Z]{12}\d{2}$/.test(id) && !/^(\d)\1*$/.test(id) && checkDigitsMatch(id, CNPJ_WEIGHTS);
}

/** The type of a valid id, or undefined when it is neither a valid CPF nor a valid CNPJ. */
export function taxIdType(input: string): TaxIdType | undefined {
  if (isValidCpf(input)) return 'cpf';
  if (isValidCnpj(input)) return 'cnpj';
  return undefined;
}
