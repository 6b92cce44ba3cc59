/**
 * Attempt statuses (docs/decisions/042-attempt-statuses.md). Ours say where an attempt stands before or
 * without a gateway answer; once the gateway has answered with a transaction, its own status string is stored
 * instead.
 */
export const ATTEMPT = {
  /** Recorded, the request is on the wire. Blocks a second attempt on the session. */
  sending: 'sending',
  /** The gateway may have acted (time-out, 5xx, unreadable answer); being resolved. Blocks new attempts. */
  unknown: 'unknown',
  /** The gateway said 400: nothing was created. */
  rejected: 'rejected',
  /** Nothing reached the gateway (connection refused) or it refused our credentials: nothing was created. */
  failed: 'failed',
  /** Unknown, and no matching transaction appeared within the grace period: the shopper may pay again. */
  failedUnknown: 'failed_unknown',
} as const;

/** Statuses after which the session's money is taken (or reserved): the session is complete. */
export const COMPLETING_STATUSES: ReadonlySet<string> = new Set(['paid', 'authorized']);

/** Gateway statuses that move on by themselves: a reload asks the gateway again (throttled). */
export const MOVING_STATUSES: ReadonlySet<string> = new Set(['processing', 'waiting_payment']);

/** Our statuses that forbid starting another attempt on the same session. */
export const BLOCKING_STATUSES: readonly string[] = [ATTEMPT.sending, ATTEMPT.unknown];

/**
 * Statuses of an attempt that may still take money: while one exists no other attempt starts on the
 * session (a unique index in the database decides, so racing tabs and instances agree). A PIX code
 * waiting to be paid or a card still processing (a 3DS challenge under way) counts: a second payment
 * beside it could charge the shopper twice. It ends when the gateway says so (paid, refused, expired).
 */
export const PAYABLE_STATUSES = [ATTEMPT.sending, ATTEMPT.unknown, 'processing', 'waiting_payment'] as const;
