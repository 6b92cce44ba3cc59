/**
 * The device clock may be wrong; the gateway's is the one that decides when a PIX code expires.
 * Every gateway response's `Date` header refreshes the estimated skew (server minus device, in ms).
 * `Date` has one-second resolution, so the estimate is good to about ±1 s, which is enough for a countdown.
 */
let skewMs = 0;

export function recordServerDate(dateHeader: string | null, deviceNow: number = Date.now()): void {
  if (!dateHeader) return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  skewMs = server - deviceNow;
}

export function serverSkewMs(): number {
  return skewMs;
}

/** The gateway's "now", in epoch milliseconds. */
export function serverNow(deviceNow: number = Date.now()): number {
  return deviceNow + skewMs;
}
