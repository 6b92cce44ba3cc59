import { describe, expect, it } from 'vitest';
import { lastCheckAt, processingPollDelay, PROCESSING_POLL_LIMIT_MS } from './processing-poll.ts';

/** The checks a payment that never settles gets, with instant answers: their delays, in seconds. */
function schedule(): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  for (let delay = processingPollDelay(elapsed); delay !== false; delay = processingPollDelay(elapsed)) {
    delays.push(delay / 1000);
    elapsed += delay;
  }
  return delays;
}

describe('processingPollDelay', () => {
  it('starts at 1.5 s and doubles up to 30 s apart', () => {
    expect(schedule().slice(0, 8)).toEqual([1.5, 1.5, 3, 6, 12, 24, 30, 30]);
  });

  it('stops after five minutes: 15 checks, the last at 5 min 18 s', () => {
    const delays = schedule();
    expect(delays).toHaveLength(15);
    expect(delays.reduce((sum, d) => sum + d, 0)).toBe(318);
    expect(delays.slice(6).every((d) => d === 30)).toBe(true);
  });

  it('stops at the limit whatever the pace of the answers (slow network, background tab)', () => {
    expect(processingPollDelay(PROCESSING_POLL_LIMIT_MS - 1)).toBe(30_000);
    expect(processingPollDelay(PROCESSING_POLL_LIMIT_MS)).toBe(false);
    expect(processingPollDelay(60 * 60_000)).toBe(false);
  });

  it('never asks more often than every 1.5 s, even before the first answer', () => {
    expect(processingPollDelay(0)).toBe(1_500);
    expect(processingPollDelay(-500)).toBe(1_500);
  });
});

describe('lastCheckAt', () => {
  it('counts a failed check as a check', () => {
    expect(lastCheckAt({ dataUpdatedAt: 1_000, errorUpdatedAt: 0 })).toBe(1_000);
    expect(lastCheckAt({ dataUpdatedAt: 1_000, errorUpdatedAt: 5_000 })).toBe(5_000);
  });
});
