import type { AppDeps } from '../app-deps.ts';
import { writeEvents } from '../events/outbox.ts';
import { toMerchantPayment } from '../events/payment-view.ts';
import { storeExpiry } from '../sessions/expire-session.ts';
import { claimCaptureWarnings, markCaptureWarned } from '../payments/attempt-repository.ts';
import { claimExpiredOpenSessions } from '../sessions/session-repository.ts';

/** The merchant is warned this long before an uncaptured authorisation is dropped by the issuer. */
export const CAPTURE_WARNING_MS = 24 * 3_600_000;
const BATCH = 50;

/**
 * `payment.capture_deadline_approaching` once per authorised, uncaptured payment a day before its
 * deadline. Rows are claimed with SKIP LOCKED, and the flag and the event commit together: once each.
 */
export async function warnCaptureDeadlines(deps: AppDeps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await claimCaptureWarnings(tx, new Date(now.getTime() + CAPTURE_WARNING_MS), BATCH);
    for (const { attempt, session } of due) {
      await markCaptureWarned(tx, attempt.id, now);
      await writeEvents(
        tx,
        [
          {
            type: 'payment.capture_deadline_approaching',
            object: toMerchantPayment(attempt, session),
            sessionId: session.id,
            attemptId: attempt.id,
          },
        ],
        now,
      );
    }
    return due.length;
  });
}

/**
 * Stores the expiry of open sessions past `expires_at` (they already read as expired: lazy expiry) so
 * the merchant hears `checkout.session.expired` once.
 */
export async function expireSessions(deps: AppDeps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await claimExpiredOpenSessions(tx, now, BATCH);
    // Each open one, with its event (sessions/expire-session.ts); the rows are locked, so each moves.
    for (const session of due) await storeExpiry(tx, session.id, now);
    return due.length;
  });
}
