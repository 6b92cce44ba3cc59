import { outcomeOf } from '../../lib/transaction-status.ts';

/** What the PIX screen shows. */
export type PixPhase = 'waiting' | 'paid' | 'expired' | 'refused';

/**
 * An expired code is `canceled` by the gateway (docs/decisions/013-expired-pix-is-canceled.md), but the
 * countdown may reach zero before the next poll says so: `pastExpiry` (by the gateway's clock), an open code
 * is expired too.
 */
export function pixPhase(status: string, pastExpiry: boolean): PixPhase {
  if (status === 'canceled') return 'expired';
  const outcome = outcomeOf(status);
  if (outcome === 'approved') return 'paid';
  if (outcome === 'declined' || outcome === 'refunded') return 'refused';
  return pastExpiry ? 'expired' : 'waiting';
}

export const POLL_FAST_MS = 2_000;
export const POLL_SLOW_MS = 10_000;
/** Most shoppers pay within a minute of seeing the code; after that, asking every 2 s is wasteful. */
export const POLL_FAST_FOR_MS = 60_000;
export const POLL_HIDDEN_MS = 30_000;
export const POLL_MAX_BACKOFF_MS = 60_000;

export interface PollInput {
  phase: PixPhase;
  /** Since the payment screen appeared. */
  elapsedMs: number;
  /** The tab is in the background. */
  hidden: boolean;
  /** Failed status checks in a row since the last success. */
  consecutiveErrors: number;
}

/** Delay before the next status check, or false to stop (TanStack Query's `refetchInterval`). */
export function pixPollDelay({ phase, elapsedMs, hidden, consecutiveErrors }: PollInput): number | false {
  if (phase !== 'waiting') return false;
  let delay = elapsedMs < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS;
  if (hidden) delay = Math.max(delay, POLL_HIDDEN_MS);
  if (consecutiveErrors > 0) {
    const backedOff = delay * 2 ** Math.min(consecutiveErrors, 10);
    delay = Math.max(delay, Math.min(backedOff, POLL_MAX_BACKOFF_MS));
  }
  return delay;
}
