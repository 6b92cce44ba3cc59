/**
 * `mm:ss`, or `h:mm:ss` from an hour up. Seconds round up, so the display reads 00:00 only once the
 * code has really expired.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

export type SpokenCheckpoint =
  | { kind: 'minutes'; minutes: number }
  | { kind: 'under-a-minute' }
  | { kind: 'expired' };

const MINUTE = 60_000;

/**
 * What screen readers hear, at a calm cadence: the value changes every 15 minutes above an hour,
 * every 5 minutes above 5 minutes, then every minute, then once under a minute. Announcing only
 * when the checkpoint changes keeps a live region from talking every second.
 */
export function spokenCheckpoint(ms: number): SpokenCheckpoint {
  if (ms <= 0) return { kind: 'expired' };
  if (ms < MINUTE) return { kind: 'under-a-minute' };
  const step = ms > 60 * MINUTE ? 15 : ms > 5 * MINUTE ? 5 : 1;
  return { kind: 'minutes', minutes: Math.ceil(ms / (step * MINUTE)) * step };
}
