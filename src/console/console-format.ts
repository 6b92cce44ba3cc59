import type { Locale } from '../i18n/locale.ts';
import { formatCents } from '../lib/money.ts';
import type { ConsoleMessages } from './console-messages.ts';

export { formatCents };

// One formatter per language and style: building an Intl formatter costs far more than formatting with it,
// and a list formats a date per row.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: Locale, style: 'date-time' | 'day'): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter =
      style === 'day'
        ? new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'short' })
        : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(locale, 'date-time').format(date);
}

/** A calendar date (`2026-12-01`, a boleto's due date) as `01/12/2026` or `12/1/2026`, whatever the zone. */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormatter(locale, 'day').format(date);
}

export function methodName(method: string, t: ConsoleMessages): string {
  if (method === 'credit_card') return t.methodCard;
  if (method === 'pix') return t.methodPix;
  if (method === 'boleto') return t.methodBoleto;
  return method;
}

/** The statuses as a person reads them; an unknown one shows as the API wrote it. */
const STATUS_WORDS: Record<Locale, Record<string, string>> = {
  'pt-BR': {
    paid: 'Pago',
    authorized: 'Autorizado',
    refunded: 'Reembolsado',
    pending_refund: 'Reembolso pendente',
    waiting_payment: 'Aguardando pagamento',
    processing: 'Processando',
    refused: 'Recusado',
    failed: 'Falhou',
    canceled: 'Cancelado',
    chargedback: 'Estornado',
    expired: 'Expirado',
    sending: 'Enviando',
    unknown: 'Verificando',
    rejected: 'Rejeitado',
    withdrawn: 'Retirado',
  },
  en: {
    paid: 'Paid',
    authorized: 'Authorised',
    refunded: 'Refunded',
    pending_refund: 'Refund pending',
    waiting_payment: 'Waiting for payment',
    processing: 'Processing',
    refused: 'Refused',
    failed: 'Failed',
    canceled: 'Canceled',
    chargedback: 'Charged back',
    expired: 'Expired',
    sending: 'Sending',
    unknown: 'Checking',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
  },
};

export function statusName(status: string, locale: Locale): string {
  return STATUS_WORDS[locale][status] ?? status;
}

export const STATUS_FILTERS = [
  'paid',
  'authorized',
  'waiting_payment',
  'refunded',
  'pending_refund',
  'refused',
  'failed',
  'canceled',
  'expired',
] as const;
