import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import type { ResolvedPolicy } from './policy.ts';
import { attemptById, type ChangeSource } from './attempt-repository.ts';
import { recordTransaction } from './record-transaction.ts';
import { refundIfDuplicate } from './refund-duplicate.ts';
import { autoCaptureIfDue } from './run-operation.ts';
import { CAPTURED_STATUSES, statusOfGateway } from './state-machine.ts';

export type RefreshResult =
  | {
      kind: 'ok';
      attempt: PaymentAttemptRow;
      transaction: Transaction;
      date: string | undefined;
      /** When the gateway read began: what it shows may predate anything that ended after this. */
      readStartedAt: Date;
    }
  | { kind: 'skipped'; attempt: PaymentAttemptRow }
  | { kind: 'failed'; attempt: PaymentAttemptRow; error: GatewayError };

/**
 * Asks the gateway where a recorded transaction stands and records it (the gateway's word, never the
 * browser's). Unless forced, at most once per `refreshIntervalMs` per attempt across all instances.
 */
export async function refreshAttempt(
  deps: AppDeps,
  policy: ResolvedPolicy,
  attempt: PaymentAttemptRow,
  options: {
    force: boolean;
    source?: ChangeSource;
    /** Even when forced: read at most this often; a fresher recorded answer is served as it is. */
    minIntervalMs?: number;
  },
): Promise<RefreshResult> {
  const now = deps.now();
  if (attempt.transactionId === null) return { kind: 'skipped', attempt };
  const age = attempt.checkedAt === null ? Infinity : now.getTime() - attempt.checkedAt.getTime();
  if (options.minIntervalMs !== undefined && age < options.minIntervalMs && attempt.gatewayResponse) {
    const stored = transactionSchema.safeParse(attempt.gatewayResponse);
    // When that stored read began is not kept: the epoch says so, and settles no open operation with it.
    if (stored.success) {
      return { kind: 'ok', attempt, transaction: stored.data, date: undefined, readStartedAt: new Date(0) };
    }
  }
  const fresh =
    attempt.checkedAt !== null && now.getTime() - attempt.checkedAt.getTime() < policy.refreshIntervalMs;
  if (fresh && !options.force) return { kind: 'skipped', attempt };
  try {
    const reply = await deps.gateway.getTransaction(attempt.transactionId);
    await recordTransaction(deps.db, attempt.id, reply.data, now, {
      publicUrl: deps.publicUrl,
      source: options.source ?? 'shopper',
    });
    // Money taken on a session another payment completed (a withdrawn PIX code paid anyway): given back.
    if (CAPTURED_STATUSES.has(statusOfGateway(reply.data.status))) await refundIfDuplicate(deps, attempt.id);
    // Whoever sees an authorisation first captures it (automatic sessions); the shopper then sees `paid`.
    if (reply.data.status === 'authorized') {
      await autoCaptureIfDue(deps, attempt.id);
      // Captured on a session another payment completed: given back (capture, then refund: the spec
      // shows no way to void an authorisation).
      await refundIfDuplicate(deps, attempt.id);
      // The capture's answer was recorded: answer that, not the authorisation (no second GET).
      const after = await attemptById(deps.db, attempt.id);
      const captured = after?.gatewayResponse
        ? transactionSchema.safeParse(after.gatewayResponse)
        : undefined;
      if (after && captured?.success) {
        return {
          kind: 'ok',
          attempt: after,
          transaction: captured.data,
          date: reply.date,
          readStartedAt: now,
        };
      }
    }
    const updated: PaymentAttemptRow = {
      ...attempt,
      status: statusOfGateway(reply.data.status),
      gatewayStatus: reply.data.status,
      gatewayResponse: reply.data,
      checkedAt: now,
      updatedAt: now,
    };
    if (updated.status !== attempt.status) {
      deps.log.info('payment status changed', {
        sessionId: attempt.sessionId,
        attemptId: attempt.id,
        transactionId: attempt.transactionId,
        status: updated.status,
      });
    }
    return { kind: 'ok', attempt: updated, transaction: reply.data, date: reply.date, readStartedAt: now };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('payment refresh failed', { attemptId: attempt.id, ...error.toLogFields() });
    return { kind: 'failed', attempt, error };
  }
}
