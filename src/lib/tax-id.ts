/** Brazilian taxpayer ids: CPF (people, 11 digits) and CNPJ (companies, 14 digits), with check digits. */
export type TaxIdType = 'cpf' | 'cnpj';

function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits.charAt(i)), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 11 || allSameDigit(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits.charAt(9)) && second === Number(digits.charAt(10));
}

export function isValidCnpj(input: string): boolean {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 14 || allSameDigit(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits.charAt(12)) && second === Number(digits.charAt(13));
}

/** The type of a valid id, or undefined when it is neither a valid CPF nor a valid CNPJ. */
export function taxIdType(input: string): TaxIdType | undefined {
  if (isValidCpf(input)) return 'cpf';
  if (isValidCnpj(input)) return 'cnpj';
  return undefined;
}

/** As typed: 123.456.789-09 or 12.345.678/0001-95. */
export function formatTaxId(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 14);
  if (d.length <= 11) {
    return d
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
  }
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d{1,2})$/, '$1-$2');
}
