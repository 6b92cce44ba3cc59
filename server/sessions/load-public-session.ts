import { sessionIdSchema, type PublicSession } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { latestAttempt } from '../payments/attempt-repository.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { findSession } from './session-repository.ts';
import { toPublicSession } from './session-views.ts';
import { syncSession } from './sync-session.ts';

/**
 * The shopper's view of a session, as `GET /api/pay/{id}` answers it and as the served HTML embeds it,
 * brought up to date first, so a reload, Back or a discarded tab shows where things really stand.
 * Undefined for an unknown or malformed id.
 */
export async function loadPublicSession(deps: AppDeps, id: string): Promise<PublicSession | undefined> {
  if (!sessionIdSchema.safeParse(id).success) return undefined;
  if (!(await findSession(deps.db, id))) return undefined;
  await syncSession(deps, resolvePolicy(deps), id);
  // Read after the sync: the session may have completed meanwhile.
  const session = await findSession(deps.db, id);
  if (!session) return undefined;
  return toPublicSession(session, await latestAttempt(deps.db, id), deps.now());
}
