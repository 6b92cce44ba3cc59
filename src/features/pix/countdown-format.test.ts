import { describe, expect, it } from 'vitest';
import { formatCountdown, spokenCheckpoint } from './countdown-format.ts';

describe('formatCountdown', () => {
  it('shows mm:ss under an hour', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('09:05');
    expect(formatCountdown(59_000)).toBe('00:59');
  });

  it('shows h:mm:ss from an hour up', () => {
    expect(formatCountdown(60 * 60_000)).toBe('1:00:00');
    expect(formatCountdown(25 * 3_600_000 + 61_000)).toBe('25:01:01');
  });

  it('rounds seconds up so 00:00 means expired', () => {
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('spokenCheckpoint', () => {
  const minutes = (n: number) => ({ kind: 'minutes', minutes: n });

  it('changes every 5 minutes above 5 minutes left', () => {
    expect(spokenCheckpoint(30 * 60_000)).toEqual(minutes(30));
    expect(spokenCheckpoint(29 * 60_000 + 1)).toEqual(minutes(30));
    expect(spokenCheckpoint(25 * 60_000)).toEqual(minutes(25));
    expect(spokenCheckpoint(5 * 60_000 + 1)).toEqual(minutes(10));
  });

  it('changes every minute in the last five, then once under a minute', () => {
    expect(spokenCheckpoint(5 * 60_000)).toEqual(minutes(5));
    expect(spokenCheckpoint(4 * 60_000 + 30_000)).toEqual(minutes(5));
    expect(spokenCheckpoint(60_000)).toEqual(minutes(1));
    expect(spokenCheckpoint(59_999)).toEqual({ kind: 'under-a-minute' });
    expect(spokenCheckpoint(0)).toEqual({ kind: 'expired' });
  });

  it('changes every 15 minutes above an hour', () => {
    expect(spokenCheckpoint(2 * 3_600_000)).toEqual(minutes(120));
    expect(spokenCheckpoint(2 * 3_600_000 - 60_000)).toEqual(minutes(120));
    expect(spokenCheckpoint(105 * 60_000)).toEqual(minutes(105));
  });

  it('speaks at most a dozen times in a 30-minute countdown', () => {
    const seen = new Set<string>();
    for (let ms = 30 * 60_000; ms >= 0; ms -= 1_000) seen.add(JSON.stringify(spokenCheckpoint(ms)));
    expect(seen.size).toBeLessThanOrEqual(12);
  });
});
