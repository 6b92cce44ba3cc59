import { inArray } from 'drizzle-orm';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import { paymentAttempts, type PaymentAttemptRow } from '../db/schema.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { describeError } from '../platform/describe-error.ts';
import { blockingAttempts, moveAttempt, updateAttempt } from './attempt-repository.ts';
import { matchCandidates } from './match-unknown.ts';
import type { ResolvedPolicy } from './policy.ts';
import { recordTransaction } from './record-transaction.ts';
import { ATTEMPT } from './state-machine.ts';

/**
 * Attempts that block a new payment — `sending` and `unknown` — are moved on where the facts allow:
 * a `sending` attempt older than any gateway call can last lost its process and becomes `unknown`; an
 * `unknown` one is looked for in the gateway's transaction list (the gateway takes no reference of ours)
 * and attached when exactly one transaction matches, or becomes `failed_unknown` once the grace period
 * has passed with none. Throttled per attempt by `checked_at`, so reloads cost the gateway little.
 */
export async function settleBlockingAttempts(
  deps: AppDeps,
  policy: ResolvedPolicy,
  sessionId: string,
): Promise<void> {
  const now = deps.now();
  let attempts = await blockingAttempts(deps.db, sessionId);
  for (const attempt of attempts) {
    if (
      attempt.status === ATTEMPT.sending &&
      now.getTime() - attempt.createdAt.getTime() > policy.sendingStaleMs
    ) {
      await moveAttempt(deps.db, {
        attemptId: attempt.id,
        from: ATTEMPT.sending,
        to: ATTEMPT.unknown,
        source: 'reconciliation',
        at: now,
      });
    }
  }
  attempts = (await blockingAttempts(deps.db, sessionId)).filter(
    (attempt) =>
      attempt.status === ATTEMPT.unknown &&
      (attempt.checkedAt === null || now.getTime() - attempt.checkedAt.getTime() >= policy.refreshIntervalMs),
  );
  if (attempts.length === 0) return;

  let transactions: Transaction[];
  try {
    transactions = (await deps.gateway.listTransactions()).data;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('unknown outcome: cannot list transactions', { sessionId, ...error.toLogFields() });
    return;
  }
  const candidateIds = transactions.map((transaction) => transaction.id);
  const claimed = new Set(
    candidateIds.length === 0
      ? []
      : (
          await deps.db
            .select({ transactionId: paymentAttempts.transactionId })
            .from(paymentAttempts)
            .where(inArray(paymentAttempts.transactionId, candidateIds))
        ).flatMap((row) => (row.transactionId === null ? [] : [row.transactionId])),
  );
  for (const attempt of attempts) {
    await settleOne(deps, policy, attempt, transactions, claimed, now);
  }
}

async function settleOne(
  deps: AppDeps,
  policy: ResolvedPolicy,
  attempt: PaymentAttemptRow,
  transactions: readonly Transaction[],
  claimed: Set<number>,
  now: Date,
): Promise<void> {
  const log = deps.log.child({ sessionId: attempt.sessionId, attemptId: attempt.id });
  const candidates = matchCandidates(attempt, transactions, claimed, policy.matchWindowMs);
  const [only] = candidates;
  if (candidates.length === 1 && only) {
    try {
      // Only while still unknown: another instance may have settled it meanwhile.
      if (
        !(await recordTransaction(deps.db, attempt.id, only, now, {
          onlyIfStatus: ATTEMPT.unknown,
          source: 'reconciliation',
        }))
      )
        return;
      claimed.add(only.id);
      log.info('unknown outcome resolved', { transactionId: only.id, status: only.status });
    } catch (error) {
      // The unique transaction id: another attempt claimed it first. Try again on the next read.
      log.warn('unknown outcome: match already claimed', {
        transactionId: only.id,
        error: describeError(error),
      });
    }
    return;
  }
  const pastGrace = now.getTime() - attempt.createdAt.getTime() > policy.unknownGraceMs;
  if (candidates.length === 0 && pastGrace) {
    await moveAttempt(deps.db, {
      attemptId: attempt.id,
      from: ATTEMPT.unknown,
      to: ATTEMPT.failedUnknown,
      source: 'reconciliation',
      at: now,
      set: { checkedAt: now },
    });
    log.info('unknown outcome: no transaction found, shopper may pay again');
    return;
  }
  if (candidates.length > 1)
    log.warn('unknown outcome: several matching transactions', { count: candidates.length });
  await updateAttempt(deps.db, attempt.id, { checkedAt: now });
}
