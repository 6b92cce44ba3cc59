import type { AppDeps } from '../app-deps.ts';
import { latestAttempt } from '../payments/attempt-repository.ts';
import { MOVING_STATUSES } from '../payments/attempt-status.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { settleBlockingAttempts } from '../payments/settle-blocking-attempts.ts';

/**
 * Brings a session's latest payment up to date before it is shown (to the shopper or the merchant): an
 * unknown outcome is looked for, a pending one asked about — both throttled per attempt, so polling
 * costs the gateway at most one call every few seconds per session. Until webhooks exist, these reads
 * are how a PIX paid in the bank app reaches the session.
 */
export async function syncSession(deps: AppDeps, policy: ResolvedPolicy, sessionId: string): Promise<void> {
  await settleBlockingAttempts(deps, policy, sessionId);
  const latest = await latestAttempt(deps.db, sessionId);
  if (latest && MOVING_STATUSES.has(latest.status)) {
    await refreshAttempt(deps, policy, latest, { force: false });
  }
}
