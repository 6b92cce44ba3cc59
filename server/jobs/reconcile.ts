import type { AppDeps } from '../app-deps.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { attemptById, claimDueAttempts, scheduleNextCheck } from '../payments/attempt-repository.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { openOperations } from '../payments/operation-repository.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { settleBlockingAttempts } from '../payments/settle-blocking-attempts.ts';
import { FOLLOWED_STATUSES } from '../payments/state-machine.ts';
import { SENDING_STALE_MS, settleOperations } from './settle-operations.ts';

export interface ReconcilePolicy {
  batchSize: number;
  leaseMs: number;
  /** Back-off between checks of one payment: first delay, doubling, capped. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RECONCILE_POLICY: ReconcilePolicy = {
  batchSize: 20,
  leaseMs: 60_000,
  firstDelayMs: 15_000,
  maxDelayMs: 15 * 60_000,
};

/**
 * An open boleto is paid in days, not seconds (banks report it within up to 3 business days, and the
 * gateway's webhook usually comes first): checked every half hour at first, then at most every 6 hours,
 * instead of every 15 minutes for days (docs/decisions/231-boleto-lifecycle.md).
 */
export const BOLETO_RECONCILE_DELAYS = { firstDelayMs: 30 * 60_000, maxDelayMs: 6 * 3_600_000 } as const;

function nextDelayMs(attempt: PaymentAttemptRow, policy: ReconcilePolicy): number {
  const open = attempt.status === 'waiting_payment' || attempt.status === 'withdrawn';
  const { firstDelayMs, maxDelayMs } =
    attempt.paymentMethod === 'boleto' && open ? BOLETO_RECONCILE_DELAYS : policy;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(20, attempt.checkCount));
}

/** Claims due payments (FOR UPDATE SKIP LOCKED + lease), so several instances share the work. */
async function claimDue(deps: AppDeps, policy: ReconcilePolicy): Promise<string[]> {
  const now = deps.now();
  return claimDueAttempts(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + policy.leaseMs),
    staleBefore: new Date(now.getTime() - SENDING_STALE_MS),
    limit: policy.batchSize,
  });
}

async function checkOne(deps: AppDeps, attempt: PaymentAttemptRow): Promise<void> {
  const appPolicy = deps.policy;
  if (attempt.transactionId === null) {
    // Lost between our record and the gateway's answer (`sending`), or an unknown outcome: match it.
    await settleBlockingAttempts(deps, { ...appPolicy, refreshIntervalMs: 0 }, attempt.sessionId);
    return;
  }
  const result = await refreshAttempt(deps, appPolicy, attempt, { force: true, source: 'reconciliation' });
  if (result.kind !== 'ok') return;
  await settleOperations(deps, attempt.id, result.transaction, result.readStartedAt);
}

/**
 * One pass of reconciliation: every payment whose `next_check_at` has come — still moving at the gateway
 * (`processing`, `waiting_payment`), authorised and not captured, `pending_refund`, our `sending`/`unknown`,
 * or with a capture/refund whose outcome is unknown — is re-read from the gateway and recorded (with its
 * events), then scheduled again with back-off, or no more once final. A lost webhook, a closed tab or a
 * crash between the gateway's answer and our write therefore never loses a payment.
 */
export async function reconcileOnce(
  deps: AppDeps,
  overrides: Partial<ReconcilePolicy> = {},
): Promise<{ checked: number }> {
  const policy = { ...DEFAULT_RECONCILE_POLICY, ...overrides };
  const ids = await claimDue(deps, policy);
  for (const id of ids) {
    const attempt = await attemptById(deps.db, id);
    if (!attempt) continue;
    try {
      await checkOne(deps, attempt);
    } catch (error) {
      if (!(error instanceof GatewayError))
        deps.log.error('reconciliation failed', { attemptId: id, error: String(error) });
    }
    const after = await attemptById(deps.db, id);
    if (!after) continue;
    const stillOpen = FOLLOWED_STATUSES.has(after.status) || (await openOperations(deps.db, id)).length > 0;
    const now = deps.now();
    await scheduleNextCheck(
      deps.db,
      id,
      stillOpen ? new Date(now.getTime() + nextDelayMs(after, policy)) : null,
      after.checkCount + 1,
    );
    if (after.status !== attempt.status) {
      deps.log.info('reconciliation moved a payment', {
        attemptId: id,
        from: attempt.status,
        to: after.status,
      });
    }
  }
  return { checked: ids.length };
}
