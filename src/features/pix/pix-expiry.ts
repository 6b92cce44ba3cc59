/**
 * `pix_expiration_date` is `YYYY-MM-DD HH:MM:SS` with no zone: wall time in the gateway's zone
 * (docs/decisions/014-pix-countdown-and-polling.md). Reading it in the device's zone would be off by hours
 * for a shopper abroad, so it is turned into an instant here, and counted down against the gateway's clock
 * (src/lib/server-clock.ts).
 */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms (Sao Paulo: -3 h). */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The instant (epoch ms) a gateway wall time names, or undefined when the text is not a real date. */
export function parseGatewayDateTime(value: string, timeZone: string): number | undefined {
  const match = WALL_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // Date.UTC rolls "02-30" over to March; a gateway date that does so is malformed.
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return undefined;
  try {
    // Second pass: near a DST change the offset at the guessed instant may differ from the real one.
    const guess = wall - zoneOffsetMs(wall, timeZone);
    return wall - zoneOffsetMs(guess, timeZone);
  } catch {
    return undefined;
  }
}

/** Time left to pay, never negative. */
export function timeLeftMs(expiresAtMs: number, serverNowMs: number): number {
  return Math.max(0, expiresAtMs - serverNowMs);
}
