/** Cents as BRL the way Brazilians write it (`R$ 1.234,56`), in both page languages. */
export function brl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

/**
 * What a shopper typed as an amount, in cents: `25`, `25,5`, `25,50`, `1.234,56`, `R$ 1.234,56`, and
 * `25.50` (a dot with one or two decimals is a decimal point). Anything else: undefined. Integer maths
 * only: no float rounds a shopper's cent away.
 */
export function parseBrl(typed: string): number | undefined {
  let text = typed.replace(/R\$/i, '').replace(/\s/g, '');
  if (text === '') return undefined;
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const reais = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return reais * 100 + cents;
}
