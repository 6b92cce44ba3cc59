import type { Locale } from '../../i18n/locale.ts';

const DAY_MS = 86_400_000;
const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}$/;

/**
 * A forecast payment date (`YYYY-MM-DDT00:00:00`, no zone) is a calendar day, not an instant. It is
 * pinned to UTC midnight and always formatted in UTC, so the viewer's own zone can never move it a day;
 * `new Date(value)` would read it as local midnight and Tokyo and São Paulo could disagree on the day.
 */
function utcMidnight(value: string): Date | null {
  const match = ZONELESS.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2025-02-30 and the like rather than rolling it over into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

/** "30/10/2025" in pt-BR, "10/30/2025" in en; an unreadable value is shown as it came. */
export function formatForecastDate(
  value: string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' },
): string {
  const date = utcMidnight(value);
  return date ? formatter(locale, options).format(date) : value;
}

/** The machine-readable day for `<time dateTime>`. */
export function forecastDay(value: string): string {
  return value.slice(0, 10);
}

/** Whole days since 1970-01-01, for placing dates on a time axis; null when unreadable. */
export function forecastDayNumber(value: string): number | null {
  const date = utcMidnight(value);
  return date ? Math.round(date.getTime() / DAY_MS) : null;
}
