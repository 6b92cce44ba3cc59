import type { Locale } from '../i18n/locale.ts';

const formatters = new Map<Locale, Intl.NumberFormat>();

/** A percentage as the gateway writes it (2.33 means 2.33 %), in the locale's format: "2,33%" / "2.33%", always two decimals so columns line up. */
export function formatPercent(value: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(value / 100);
}
