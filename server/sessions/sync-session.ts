import type { AppDeps } from '../app-deps.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { latestAttempt } from '../payments/attempt-repository.ts';
import { BLOCKING_STATUSES, MOVING_STATUSES } from '../payments/state-machine.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { settleBlockingAttempts } from '../payments/settle-blocking-attempts.ts';

/**
 * Brings a session's latest payment up to date before it is shown (to the shopper or the merchant) and
 * answers it: an unknown outcome is looked for, a pending one asked about — both throttled per attempt,
 * so polling costs the gateway at most one call every few seconds per session. Until webhooks exist,
 * these reads are how a PIX paid in the bank app reaches the session. Only the latest attempt can be
 * pending: no attempt starts while another may still charge.
 */
export async function syncSession(
  deps: AppDeps,
  policy: ResolvedPolicy,
  sessionId: string,
): Promise<{ latest: PaymentAttemptRow | undefined; changed: boolean }> {
  const latest = await latestAttempt(deps.db, sessionId);
  if (!latest) return { latest, changed: false };
  if (BLOCKING_STATUSES.includes(latest.status)) {
    await settleBlockingAttempts(deps, policy, sessionId);
    return { latest: await latestAttempt(deps.db, sessionId), changed: true };
  }
  if (MOVING_STATUSES.has(latest.status)) {
    const result = await refreshAttempt(deps, policy, latest, { force: false });
    return { latest: result.attempt, changed: result.kind === 'ok' };
  }
  return { latest, changed: false };
}
