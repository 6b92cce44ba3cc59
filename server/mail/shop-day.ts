import { calendarDayIn } from '../../contract/calendar-day.ts';

/**
 * The shop's calendar day in its time zone (SHOP_TIME_ZONE): the daily summary covers one whole local day,
 * from local midnight to the next, whatever the offset or a daylight-saving change.
 */
export interface ShopDay {
  /** `YYYY-MM-DD`, the shop's date. */
  day: string;
  start: Date;
  end: Date;
}

/** How far the zone's wall clock is ahead of UTC at `at` (negative west of Greenwich). */
function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the shop's `day` begins (its local midnight). */
export function localMidnight(day: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T00:00:00.000Z`);
  // Twice: the offset at midnight may differ from the offset at UTC midnight (a daylight-saving change).
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetMs(new Date(first), timeZone));
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The last whole day that has ended in the shop's time zone at `now` (yesterday, locally). */
export function lastEndedShopDay(now: Date, timeZone: string): ShopDay {
  const today = calendarDayIn(now, timeZone);
  const day = dayBefore(today);
  return { day, start: localMidnight(day, timeZone), end: localMidnight(today, timeZone) };
}
