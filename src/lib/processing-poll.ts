/**
 * How often a card payment that is still `processing` is checked, and for how long
 * (docs/decisions/030-processing-poll-backoff.md). Each check waits as long again as the payment has been
 * processing so far: 1.5 s, 1.5 s, 3 s, 6 s…, never more than 30 s apart. Most payments settle in seconds;
 * one that has not settled in five minutes is with the bank or the shop's back office, and asking every few
 * seconds would only load the gateway, so the checkout stops and tells the shopper the shop will confirm it.
 */
export const PROCESSING_POLL_MIN_MS = 1_500;
export const PROCESSING_POLL_MAX_MS = 30_000;
export const PROCESSING_POLL_LIMIT_MS = 5 * 60_000;

/**
 * Delay before the next check, given how long the payment has been shown as processing at the last
 * answer, or false once that is past the limit (TanStack Query's `refetchInterval`).
 */
export function processingPollDelay(elapsedMs: number): number | false {
  if (elapsedMs >= PROCESSING_POLL_LIMIT_MS) return false;
  return Math.min(Math.max(elapsedMs, PROCESSING_POLL_MIN_MS), PROCESSING_POLL_MAX_MS);
}

/** When the last check (success or failure) answered: the later of TanStack Query's two timestamps. */
export function lastCheckAt(state: { dataUpdatedAt: number; errorUpdatedAt: number }): number {
  return Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
}
