import { calendarDayIn } from '../calendar-day.ts';

/**
 * Business days for a boleto's due date: banks do not clear boletos on weekends nor on the national bank
 * holidays (fixed dates, Carnival Monday and Tuesday, Good Friday, Corpus Christi). City and state
 * holidays are not counted: a boleto due on one is payable on the next business day anyway (the banks'
 * own rule), so counting them would only move the date by a day at most.
 */

const FIXED_HOLIDAYS = new Set([
  '01-01',
  '04-21',
  '05-01',
  '09-07',
  '10-12',
  '11-02',
  '11-15',
  '11-20',
  '12-25',
]);
const DAY_MS = 86_400_000;

/** Easter Sunday (Gregorian, the anonymous algorithm), as epoch ms at UTC midnight. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Carnival Monday and Tuesday, Good Friday and Corpus Christi of a year. */
function movableHolidays(year: number): Set<string> {
  const sunday = easter(year);
  return new Set([-48, -47, -2, 60].map((offset) => isoDay(sunday + offset * DAY_MS)));
}

export function isBusinessDay(date: string): boolean {
  const epoch = Date.parse(`${date}T00:00:00Z`);
  const weekday = new Date(epoch).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED_HOLIDAYS.has(date.slice(5))) return false;
  return !movableHolidays(Number(date.slice(0, 4))).has(date);
}

/** `count` business days after `start` (`YYYY-MM-DD`); `start` itself is not counted. */
export function addBusinessDays(start: string, count: number): string {
  let epoch = Date.parse(`${start}T00:00:00Z`);
  let left = count;
  while (left > 0) {
    epoch += DAY_MS;
    if (isBusinessDay(isoDay(epoch))) left -= 1;
  }
  return isoDay(epoch);
}

/** Today's date where boletos are cleared (`America/Sao_Paulo`), whatever the server's zone. */
export function saoPauloDate(now: Date): string {
  return calendarDayIn(now, 'America/Sao_Paulo');
}

/**
 * The moment a due date ends in São Paulo (no daylight saving since 2019: UTC−3): the next day at 03:00
 * UTC. A boleto is payable through its whole due date.
 */
export function endOfDueDate(dueDate: string): Date {
  return new Date(Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS + 3 * 3_600_000);
}
