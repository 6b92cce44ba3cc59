/**
 * Brazilian taxpayer ids: CPF (people, 11 digits) and CNPJ (companies, 14 characters), with check digits.
 * From July 2026 new CNPJs are alphanumeric: the first 12 characters may be 0-9 or A-Z, the last two
 * stay digits. Every character counts as its ASCII code minus 48 (0-9 keep their value, A = 17 … Z = 42)
 * and the module-11 rule is unchanged, so numeric CNPJs keep their digits (Receita Federal, Nota Técnica
 * COCAD/SUARA/RFB nº 49/2024).
 */
/** What the gateway receives: upper case, no punctuation (`12ABC34501DE35`, `52998224725`). */
export function normaliseTaxId(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * As typed: 123.456.789-09, or 12.345.678/0001-95 once it is longer than a CPF or holds a letter
 * (12.ABC.345/01DE-35). Letters are upper-cased; anything else but digits and letters is dropped.
 */
export function formatTaxId(input: string): string {
  const id = normaliseTaxId(input).slice(0, 14);
  if (id.length <= 11 && /^\d*$/.test(id)) {
    return id
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
  }
  return id
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/^(\w{2}\.\w{3}\.\w{3})(\w)/, '$1/$2')
    .replace(/(\/\w{4})(\w)/, '$1-$2');
}

/** `•••.456.789-••`: enough for the shopper to recognise their own id on a folded summary. */
export function maskedTaxId(id: string): string {
  const formatted = formatTaxId(id);
  return formatted.replace(/^\w{2,3}/, (head) => '•'.repeat(head.length)).replace(/\w{2}$/, '••');
}
