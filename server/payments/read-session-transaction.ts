import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { GatewayError } from '../gateway/gateway-error.ts';
import { shopperTransaction } from '../sessions/closed-session.ts';
import { findSession } from '../sessions/session-repository.ts';
import { findAttemptByTransaction } from './attempt-repository.ts';
import type { ResolvedPolicy } from './policy.ts';
import { refreshAttempt } from './refresh-attempt.ts';

export type TransactionRead =
  | {
      kind: 'ok';
      /** As recorded: the boleto adapter reads its numbers from it (a boleto is shown open or closed). */
      transaction: Transaction;
      /** What the shopper may read of it: the result only once the session is closed (closed-session.ts). */
      shown: Transaction;
      date: string | undefined;
    }
  | { kind: 'not-found' }
  | { kind: 'failed'; error: GatewayError };

/**
 * The shopper's page asks where its transaction stands: only a transaction recorded on this session
 * (any other id is unknown without asking the gateway). Read from the gateway, but at most once per
 * `forcedReadIntervalMs` per attempt: a page polling fast costs the gateway little. A closed session's
 * transaction is shown as its page shows it (docs/decisions/102-closed-session-reveals-less.md).
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
  // Read after the refresh: the payment it recorded may have completed the session.
  const session = await findSession(deps.db, sessionId);
  if (!session) return { kind: 'not-found' };
  const shown = shopperTransaction(session, result.transaction, deps.now());
  return { kind: 'ok', transaction: result.transaction, shown, date: result.date };
}
