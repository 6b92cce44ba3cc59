import type { Locale } from '../i18n/locale.ts';

/** Group and decimal separators as people type and read amounts in each locale. */
export const MONEY_SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  'pt-BR': { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const escape = (char: string) => `\\${char}`;

/**
 * Reads an amount in reais as typed in `locale` ("1.234,56" in pt-BR, "1,234.56" in en; grouping is
 * optional, "R$" and spaces are ignored) and returns integer cents, or `null` when it is not an amount.
 * Strict on purpose: "1.23" in pt-BR is neither a grouped thousand nor a decimal, and guessing which the
 * merchant meant could be off by a factor of a hundred.
 */
export function parseMoneyInput(text: string, locale: Locale): number | null {
  const { group, decimal } = MONEY_SEPARATORS[locale];
  const cleaned = text.replace(/R\$/gi, '').replace(/[\s\u00a0]/g, '');
  const pattern = new RegExp(`^(\\d{1,3}(?:${escape(group)}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d{1,2}))?$`);
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const whole = (match[1] ?? '').split(group).join('');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

const inputFormatters = new Map<Locale, Intl.NumberFormat>();

/** Integer cents as the merchant would type them, without the currency sign: "1.234,56" / "1,234.56". */
export function formatCentsForInput(cents: number, locale: Locale): string {
  let formatter = inputFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    inputFormatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}

/** Decimal reais (the simulation's unit) to integer cents, so sums are exact. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}
