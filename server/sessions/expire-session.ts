import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { writeEvents } from '../events/outbox.ts';
import { toSessionEventObject } from '../events/payment-view.ts';
import { attemptThatMayTakeMoney } from '../payments/attempt-repository.ts';
import { effectiveStatus, findSession, lockSession, markSessionExpired } from './session-repository.ts';
import { syncSession } from './sync-session.ts';

export type ExpireOutcome =
  | { kind: 'expired'; session: CheckoutSessionRow }
  | { kind: 'not-found' }
  | { kind: 'complete' }
  | { kind: 'payment-open'; attempt: PaymentAttemptRow };

/**
 * An open session stored as expired with its `checkout.session.expired` event, in the caller's
 * transaction (both commit or neither: the merchant hears it once) — unless one of its payments may still
 * take money. Undefined if it was not moved.
 */
export async function storeExpiry(
  tx: Database,
  id: string,
  now: Date,
): Promise<CheckoutSessionRow | undefined> {
  await lockSession(tx, id);
  const row = await markSessionExpired(tx, id, now);
  if (row) {
    await writeEvents(
      tx,
      [
        {
          type: 'checkout.session.expired',
          object: toSessionEventObject(row, 'expired'),
          sessionId: id,
          attemptId: null,
        },
      ],
      now,
    );
  }
  return row;
}

/**
 * The merchant expires a session (`POST …/expire`): open or lazily expired, it is stored as expired now
 * (repeating the call changes nothing); a complete one cannot expire; one with a payment that may still
 * take money (a payable or withdrawn PIX code, a card being sent or processed) is refused, naming that payment — the
 * gateway is asked first, so a PIX code that expired meanwhile no longer stands in the way
 * (docs/decisions/103-expiry-waits-for-open-payments.md).
 */
export async function expireSession(deps: AppDeps, id: string): Promise<ExpireOutcome> {
  const found = await findSession(deps.db, id);
  if (!found) return { kind: 'not-found' };
  await syncSession(deps, deps.policy, id);
  const now = deps.now();
  const changed = await deps.db.transaction((tx) => storeExpiry(tx, id, now));
  const session = changed ?? (await findSession(deps.db, id)) ?? found;
  const status = effectiveStatus(session, now);
  if (status === 'complete') return { kind: 'complete' };
  if (!changed && session.status === 'open') {
    const attempt = await attemptThatMayTakeMoney(deps.db, id);
    if (attempt) return { kind: 'payment-open', attempt };
  }
  if (changed) deps.log.info('session expired', { sessionId: id });
  return { kind: 'expired', session };
}
