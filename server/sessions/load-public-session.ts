import { sessionIdSchema, type PublicSession } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { latestAttempt } from '../payments/attempt-repository.ts';
import { MOVING_STATUSES } from '../payments/attempt-status.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { settleBlockingAttempts } from '../payments/settle-blocking-attempts.ts';
import { findSession } from './session-repository.ts';
import { toPublicSession } from './session-views.ts';

/**
 * The shopper's view of a session, as `GET /api/pay/{id}` answers it and as the served HTML embeds it:
 * an unknown outcome is looked for first and a pending payment asked about (throttled), so a reload, Back
 * or a discarded tab shows where things really stand. Undefined for an unknown or malformed id.
 */
export async function loadPublicSession(deps: AppDeps, id: string): Promise<PublicSession | undefined> {
  if (!sessionIdSchema.safeParse(id).success) return undefined;
  const policy = resolvePolicy(deps);
  const session = await findSession(deps.db, id);
  if (!session) return undefined;
  await settleBlockingAttempts(deps, policy, id);
  let latest = await latestAttempt(deps.db, id);
  if (latest && MOVING_STATUSES.has(latest.status)) {
    latest = (await refreshAttempt(deps, policy, latest, { force: false })).attempt;
  }
  // The session may have completed meanwhile.
  const current = (await findSession(deps.db, id)) ?? session;
  return toPublicSession(current, latest, deps.now());
}
