import type { Locale } from '../../i18n/locale.ts';
import { MONEY_SEPARATORS } from '../../lib/money-input.ts';
import { statusWord } from '../../../contract/console/payment-status-words.ts';
import type { ConsoleMessages } from './console-messages.ts';

/** What Intl writes before the amount: a no-break space after "R$" in pt-BR, none in en. */
const CURRENCY_PREFIX: Record<Locale, string> = { 'pt-BR': 'R$\u00a0', en: 'R$' };

/**
 * Integer cents as BRL, exactly as `Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' })` writes them
 * ("R$ 1.234,56", "R$1,234.56", "-R$ 0,50"; console-format.test.ts holds the two to each other), built by hand:
 * the browser's first currency formatter costs 20–30 ms of ICU set-up on the main thread, the largest single piece
 * of the payments list's first load (docs/performance.md, "Console").
 */
export function formatCents(cents: number, locale: Locale): string {
  const { group, decimal } = MONEY_SEPARATORS[locale];
  const prefix = CURRENCY_PREFIX[locale];
  const magnitude = Math.abs(Math.round(cents));
  const whole = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 && magnitude > 0 ? '-' : ''}${prefix}${whole}${decimal}${fraction}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Dates as `Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })` writes them ("26/11/2026, 14:05",
 * "11/26/26, 2:05 PM"; console-format.test.ts holds the two to each other), by hand for the same reason as
 * formatCents: the first date formatter costs 40–60 ms of ICU set-up, and every list shows dates.
 */
function writeDate(year: number, month: number, day: number, locale: Locale): string {
  return locale === 'pt-BR' ? `${two(day)}/${two(month)}/${year}` : `${month}/${day}/${two(year % 100)}`;
}

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = writeDate(date.getFullYear(), date.getMonth() + 1, date.getDate(), locale);
  const hours = date.getHours();
  const minutes = two(date.getMinutes());
  if (locale === 'pt-BR') return `${day}, ${two(hours)}:${minutes}`;
  return `${day}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date (`2026-12-01`, a boleto's due date) as `01/12/2026` or `12/1/26`, whatever the zone. */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return writeDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), locale);
}

export function methodName(method: string, t: ConsoleMessages): string {
  if (method === 'credit_card') return t.methodCard;
  if (method === 'pix') return t.methodPix;
  if (method === 'boleto') return t.methodBoleto;
  return method;
}

export function statusName(status: string, locale: Locale): string {
  return statusWord(status, locale);
}

export const STATUS_FILTERS = [
  'paid',
  'authorized',
  'waiting_payment',
  'partially_refunded',
  'refunded',
  'pending_refund',
  'refused',
  'failed',
  'canceled',
  'expired',
] as const;

/** What was sold, on one line: "Bolo de cenoura × 2, Brigadeiro" (a quantity of 1 goes unsaid). */
export function itemsSummary(items: readonly { title: string; quantity: number }[]): string {
  return items
    .map((item) => (item.quantity === 1 ? item.title : `${item.title} × ${item.quantity}`))
    .join(', ');
}
