import { describe, expect, it } from 'vitest';
import { pixPhase, pixPollDelay, type PollInput } from './poll-schedule.ts';

const waiting: PollInput = { phase: 'waiting', elapsedMs: 0, hidden: false, consecutiveErrors: 0 };

describe('pixPollDelay', () => {
  it('asks every 2 s in the first minute, then every 10 s', () => {
    expect(pixPollDelay(waiting)).toBe(2_000);
    expect(pixPollDelay({ ...waiting, elapsedMs: 59_999 })).toBe(2_000);
    expect(pixPollDelay({ ...waiting, elapsedMs: 60_000 })).toBe(10_000);
    expect(pixPollDelay({ ...waiting, elapsedMs: 20 * 60_000 })).toBe(10_000);
  });

  it('slows down while the tab is hidden', () => {
    expect(pixPollDelay({ ...waiting, hidden: true })).toBe(30_000);
    expect(pixPollDelay({ ...waiting, hidden: true, elapsedMs: 120_000 })).toBe(30_000);
  });

  it('backs off exponentially on errors, up to a minute', () => {
    expect(pixPollDelay({ ...waiting, consecutiveErrors: 1 })).toBe(4_000);
    expect(pixPollDelay({ ...waiting, consecutiveErrors: 2 })).toBe(8_000);
    expect(pixPollDelay({ ...waiting, consecutiveErrors: 3, elapsedMs: 90_000 })).toBe(60_000);
    expect(pixPollDelay({ ...waiting, consecutiveErrors: 50 })).toBe(60_000);
    expect(pixPollDelay({ ...waiting, consecutiveErrors: 1, hidden: true })).toBe(60_000);
  });

  it('stops once the payment is settled one way or the other', () => {
    for (const phase of ['paid', 'expired', 'refused'] as const) {
      expect(pixPollDelay({ ...waiting, phase })).toBe(false);
    }
  });
});

describe('pixPhase', () => {
  it('maps gateway statuses to what the shopper sees', () => {
    expect(pixPhase('waiting_payment', false)).toBe('waiting');
    expect(pixPhase('paid', false)).toBe('paid');
    expect(pixPhase('paid', true)).toBe('paid');
    expect(pixPhase('canceled', false)).toBe('expired');
    expect(pixPhase('refused', false)).toBe('refused');
    expect(pixPhase('some_new_status', false)).toBe('waiting');
  });

  it('treats an open code past its expiry as expired before the gateway says so', () => {
    expect(pixPhase('waiting_payment', true)).toBe('expired');
  });
});
