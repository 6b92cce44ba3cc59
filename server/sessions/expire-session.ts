import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow } from '../db/schema.ts';
import { writeEvents } from '../events/outbox.ts';
import { toSessionEventObject } from '../events/payment-view.ts';
import { effectiveStatus, findSession, markSessionExpired } from './session-repository.ts';

export type ExpireOutcome =
  { kind: 'expired'; session: CheckoutSessionRow } | { kind: 'not-found' } | { kind: 'complete' };

/**
 * An open session stored as expired with its `checkout.session.expired` event, in the caller's
 * transaction (both commit or neither: the merchant hears it once). Undefined if it was not open.
 */
export async function storeExpiry(
  tx: Database,
  id: string,
  now: Date,
): Promise<CheckoutSessionRow | undefined> {
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
 * The merchant expires a session: open or lazily expired, it is stored as expired now (repeating the
 * call changes nothing); a complete one cannot expire.
 */
export async function expireSession(deps: AppDeps, id: string): Promise<ExpireOutcome> {
  const session = await findSession(deps.db, id);
  if (!session) return { kind: 'not-found' };
  const now = deps.now();
  if (effectiveStatus(session, now) === 'complete') return { kind: 'complete' };
  const changed = await deps.db.transaction((tx) => storeExpiry(tx, id, now));
  const expired = changed ?? (await findSession(deps.db, id)) ?? session;
  if (effectiveStatus(expired, now) === 'complete') return { kind: 'complete' };
  deps.log.info('session expired', { sessionId: id });
  return { kind: 'expired', session: expired };
}
