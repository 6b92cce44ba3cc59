import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { GatewayError } from '../gateway/gateway-error.ts';
import { findAttemptByTransaction } from './attempt-repository.ts';
import type { ResolvedPolicy } from './policy.ts';
import { refreshAttempt } from './refresh-attempt.ts';

export type TransactionRead =
  | { kind: 'ok'; transaction: Transaction; date: string | undefined }
  | { kind: 'not-found' }
  | { kind: 'failed'; error: GatewayError };

/**
 * The shopper's page asks where its transaction stands: only a transaction recorded on this session
 * (any other id is unknown without asking the gateway). Read from the gateway, but at most once per
 * `forcedReadIntervalMs` per attempt: a page polling fast costs the gateway little.
 */
export async function readSessionTransaction(
  deps: AppDeps,
  policy: ResolvedPolicy,
  sessionId: string,
  transactionId: number,
): Promise<TransactionRead> {
  const attempt = await findAttemptByTransaction(deps.db, sessionId, transactionId);
  if (!attempt) return { kind: 'not-found' };
  const result = await refreshAttempt(deps, policy, attempt, {
    force: true,
    minIntervalMs: policy.forcedReadIntervalMs,
  });
  if (result.kind === 'failed') return { kind: 'failed', error: result.error };
  if (result.kind === 'skipped') return { kind: 'not-found' };
  return { kind: 'ok', transaction: result.transaction, date: result.date };
}
