import { calendarDayIn } from '../../contract/calendar-day.ts';

/**
 * The acquirer's calendar is Brazil's (docs/gateway-api.md §2.13): a day without a zone is a São Paulo calendar
 * day, and an instant is placed on the São Paulo day it falls on.
 */
export const RECEIVABLES_TIME_ZONE = 'America/Sao_Paulo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of an instant in São Paulo. */
export function saoPauloDay(at: Date): string {
  return calendarDayIn(at, RECEIVABLES_TIME_ZONE);
}

/** A real calendar day (`2026-02-30` is not one). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The gateway's due date as a calendar day: `YYYY-MM-DD`, or `YYYY-MM-DDT00:00:00` (no zone, as the fee
 * simulation writes them) taken as written; with a zone (`Z`, `-03:00`) the São Paulo day of that instant.
 * Null when it is not a date.
 */
export function calendarDayOf(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const head = trimmed.slice(0, 10);
  const rest = trimmed.slice(10);
  if (!isCalendarDay(head)) return null;
  if (rest === '' || /^[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(rest)) return head;
  const instant = Date.parse(trimmed.replace(' ', 'T'));
  return Number.isNaN(instant) ? null : saoPauloDay(new Date(instant));
}

/** The day `days` after a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
