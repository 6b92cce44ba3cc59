import type { Locale } from '../i18n/locale.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function brl(locale: Locale): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** Integer cents (the gateway's unit, docs/gateway-api.md) as BRL in the shopper's locale. */
export function formatCents(cents: number, locale: Locale): string {
  return brl(locale).format(cents / 100);
}

/** Decimal reais (the fee simulation's unit) as BRL. */
export function formatReais(reais: number, locale: Locale): string {
  return brl(locale).format(reais);
}
