import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { describeError } from '../platform/describe-error.ts';
import { attemptIdOf } from './attempt-reference.ts';
import { attemptsToScan, blockingAttempts, moveAttempt, updateAttempt } from './attempt-repository.ts';
import { releaseScanLease, takeScanLease } from './scan-lease-repository.ts';
import { ATTEMPT } from './state-machine.ts';
import { matchCandidates } from './match-unknown.ts';
import type { ResolvedPolicy } from './policy.ts';
import { recordTransaction } from './record-transaction.ts';

/** Transactions asked for per page of the gateway's list. */
export const LIST_PAGE_SIZE = 100;
/** A window needing more pages than this is not read whole: the attempt stays unknown (and we alert). */
export const MAX_LIST_PAGES = 500;
/** The gateway's clock and ours may differ this much: the window starts this much before the attempt. */
const CLOCK_SKEW_MS = 60_000;

export interface WindowScan {
  /** The transaction carrying each attempt's id, by attempt id. */
  found: Map<string, Transaction>;
  /** Transactions without our reference that the old hints would match (attempts begun before it). */
  hinted: Map<string, number>;
  /** True only when every transaction of the window was read (decision 122): then "none" is a fact. */
  complete: boolean;
  pages: number;
  transactions: number;
}

/**
 * Reads the gateway's list newest first, page by page, streamed, from now back to `from`: stops when each
 * attempt is found, when a transaction older than the window shows it was passed, or at an empty page
 * (the list ended). A page that brings nothing new (a gateway that ignores `page` and answers the same
 * newest transactions again) or too many pages leaves the scan incomplete — never a guess.
 */
export async function scanWindow(
  deps: Pick<AppDeps, 'gateway'>,
  attempts: readonly PaymentAttemptRow[],
  from: Date,
  to: Date,
  matchWindowMs: number,
): Promise<WindowScan> {
  const wanted = new Set(attempts.map((attempt) => attempt.id));
  const found = new Map<string, Transaction>();
  const hinted = new Map<string, number>();
  const seen = new Set<number>();
  const progress = { passedStart: false };
  let pages = 0;
  for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
    const pageRead = { fresh: 0 };
    const { count } = await deps.gateway.scanTransactions(
      { page, perPage: LIST_PAGE_SIZE, createdFrom: from, createdTo: to },
      (transaction) => {
        if (seen.has(transaction.id)) return;
        seen.add(transaction.id);
        pageRead.fresh += 1;
        if (Date.parse(transaction.created_at) < from.getTime()) progress.passedStart = true;
        const owner = attemptIdOf(transaction);
        if (owner !== undefined) {
          if (wanted.has(owner)) found.set(owner, transaction);
          return;
        }
        for (const attempt of attempts) {
          if (matchCandidates(attempt, [transaction], new Set(), matchWindowMs).length > 0)
            hinted.set(attempt.id, (hinted.get(attempt.id) ?? 0) + 1);
        }
      },
    );
    pages = page;
    if (found.size === wanted.size) return { found, hinted, complete: true, pages, transactions: seen.size };
    if (count === 0 || progress.passedStart)
      return { found, hinted, complete: true, pages, transactions: seen.size };
    if (pageRead.fresh === 0) break;
  }
  return { found, hinted, complete: false, pages, transactions: seen.size };
}

/** The one scan for unknown outcomes, shared by every session and instance (its lease: gateway_scans). */
export const UNKNOWN_OUTCOME_SCAN = 'unknown-outcomes';
/** A scan's lease: longer than the longest scan (500 pages); an instance that dies gives it up after this. */
const SCAN_LEASE_MS = 5 * 60_000;
/** Attempts one scan looks for: the oldest first (the window starts at the oldest). */
const ATTEMPTS_PER_SCAN = 200;

/**
 * A session's attempts that block a new payment — `sending` and `unknown` — are moved on where the facts
 * allow, by the shared scan (scanForUnknownOutcomes): the shopper's page, a new payment and the
 * reconciliation job all ask it, and whichever asks when its turn has come scans for every session.
 */
export async function settleBlockingAttempts(
  deps: AppDeps,
  policy: ResolvedPolicy,
  sessionId: string,
): Promise<void> {
  if ((await blockingAttempts(deps.db, sessionId)).length === 0) return;
  await scanForUnknownOutcomes(deps, policy);
}

/**
 * One read of the gateway's list for every session's blocked attempts, by one instance at a time, at most
 * once per `unknownScanIntervalMs` for all instances together (decision 311): a `sending` attempt older than
 * any gateway call can last lost its process and becomes `unknown`; an `unknown` one is looked for in the
 * list by the id it carries (attempt-reference.ts), from a read that began after its call ended. It is
 * attached when found; it becomes `failed_unknown` (the shopper may pay again) only when the grace period
 * has passed and every transaction of its window was read without finding it. A list that cannot be read
 * whole leaves it `unknown` — the session stays blocked rather than invite a second charge — and is logged
 * as an error for an operator. Answers whether this call scanned (false: another instance's turn, or not
 * yet time — the attempts stay as recorded and the caller reads them so).
 */
export async function scanForUnknownOutcomes(deps: AppDeps, policy: ResolvedPolicy): Promise<boolean> {
  const now = deps.now();
  const taken = await takeScanLease(deps.db, UNKNOWN_OUTCOME_SCAN, {
    now,
    leaseUntil: new Date(now.getTime() + SCAN_LEASE_MS),
    intervalMs: policy.unknownScanIntervalMs,
  });
  if (!taken) return false;
  let scanned: { startedAt: Date; pages: number } | undefined;
  try {
    const checkedBefore = new Date(now.getTime() - policy.refreshIntervalMs);
    for (const attempt of await attemptsToScan(deps.db, { checkedBefore, limit: ATTEMPTS_PER_SCAN })) {
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
    const listStartedAt = deps.now();
    const attempts = (await attemptsToScan(deps.db, { checkedBefore, limit: ATTEMPTS_PER_SCAN })).filter(
      (attempt) =>
        attempt.status === ATTEMPT.unknown &&
        // Only a read that begins after the call ended can tell (decision 121).
        listStartedAt.getTime() >= attempt.updatedAt.getTime(),
    );
    if (attempts.length === 0) return true;
    // Paced from here on, whatever the read gives: a failing gateway is not asked again at once.
    scanned = { startedAt: listStartedAt, pages: 0 };
    const from = new Date(
      Math.min(...attempts.map((attempt) => attempt.createdAt.getTime())) - CLOCK_SKEW_MS,
    );
    let scan: WindowScan;
    try {
      scan = await scanWindow(
        deps,
        attempts,
        from,
        new Date(listStartedAt.getTime() + CLOCK_SKEW_MS),
        policy.matchWindowMs,
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      deps.log.warn('unknown outcome: cannot list transactions', {
        attempts: attempts.length,
        ...error.toLogFields(),
      });
      return true;
    }
    scanned.pages = scan.pages;
    deps.log.info('unknown outcomes: the gateway list scanned', {
      attempts: attempts.length,
      pages: scan.pages,
      found: scan.found.size,
    });
    for (const attempt of attempts) {
      await settleOne(deps, policy, attempt, scan, now);
    }
    return true;
  } finally {
    await releaseScanLease(deps.db, UNKNOWN_OUTCOME_SCAN, { now: deps.now(), scanned });
  }
}

async function settleOne(
  deps: AppDeps,
  policy: ResolvedPolicy,
  attempt: PaymentAttemptRow,
  scan: WindowScan,
  now: Date,
): Promise<void> {
  const log = deps.log.child({ sessionId: attempt.sessionId, attemptId: attempt.id });
  const match = scan.found.get(attempt.id);
  if (match) {
    try {
      // Only while still unknown: another instance may have settled it meanwhile.
      if (
        await recordTransaction(deps.db, attempt.id, match, now, {
          publicUrl: deps.publicUrl,
          onlyIfStatus: ATTEMPT.unknown,
          source: 'reconciliation',
        })
      )
        log.info('unknown outcome resolved', { transactionId: match.id, status: match.status });
    } catch (error) {
      log.error('unknown outcome: its transaction is recorded on another attempt', {
        transactionId: match.id,
        error: describeError(error),
      });
    }
    return;
  }
  const pastGrace = now.getTime() - attempt.createdAt.getTime() > policy.unknownGraceMs;
  if (!scan.complete) {
    log.error('unknown outcome: the gateway list could not be read whole; the session stays blocked', {
      pages: scan.pages,
      transactions: scan.transactions,
    });
  } else if ((scan.hinted.get(attempt.id) ?? 0) > 0) {
    // A transaction without our reference looks like this attempt (one begun before references): never guess.
    log.error('unknown outcome: a transaction without our reference resembles it; left for an operator', {
      candidates: scan.hinted.get(attempt.id),
    });
  } else if (pastGrace) {
    await moveAttempt(deps.db, {
      attemptId: attempt.id,
      from: ATTEMPT.unknown,
      to: ATTEMPT.failedUnknown,
      source: 'reconciliation',
      at: now,
      set: { checkedAt: now },
    });
    log.info('unknown outcome: the whole window was read, no transaction; the shopper may pay again', {
      pages: scan.pages,
    });
    return;
  }
  await updateAttempt(deps.db, attempt.id, { checkedAt: now });
}
