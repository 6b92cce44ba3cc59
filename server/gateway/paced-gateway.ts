import type { Database } from '../db/database.ts';
import type { GatewayClient } from './gateway-client.ts';
import { GatewayError } from './gateway-error.ts';
import { callKindPauses, pauseCallKind } from './gateway-pause-repository.ts';

/**
 * The gateway calls that a 429 (or `Retry-After`) slows down, each on its own (decision 312): a transaction's
 * reads (`read`: the transaction, its history), list scans (`list`), installment schedules (`installments`)
 * and fee simulations (`fees`). Payments, captures, refunds and card creation are not paced: they are never
 * retried blindly anyway, and a 429 to one is a refusal the shopper or merchant sees at once.
 */
export type PacedCallKind = 'read' | 'list' | 'installments' | 'fees';

/** Where the pauses live: shared by every instance through the database, read at most once a second. */
export interface PauseBoard {
  pausedUntil(kind: PacedCallKind, now: Date): Promise<Date | undefined>;
  pause(kind: PacedCallKind, until: Date, now: Date): Promise<void>;
}

/** How stale an instance's view of the pauses may be: another instance's 429 slows this one within this. */
export const PAUSE_REFRESH_MS = 1_000;

export function databasePauseBoard(db: Database): PauseBoard {
  let pauses = new Map<string, Date>();
  let readAt = -Infinity;
  return {
    async pausedUntil(kind, now) {
      if (now.getTime() - readAt >= PAUSE_REFRESH_MS || now.getTime() < readAt) {
        readAt = now.getTime();
        try {
          pauses = await callKindPauses(db);
        } catch {
          // The database away: the pauses this instance knows stay in force; the call decides for itself.
        }
      }
      return pauses.get(kind);
    },
    async pause(kind, until, now) {
      const known = pauses.get(kind);
      if (!known || known < until) pauses.set(kind, until);
      await pauseCallKind(db, kind, until, now).catch(() => undefined);
    },
  };
}

/**
 * The client, with each paced call kind held back while the gateway's last ask to slow down lasts: such a call
 * fails at once (`code: 'paused'`, nothing sent) as a gateway 5xx would — callers already treat that as "ask
 * later" — and a 429 or `Retry-After` to one pauses its kind for every instance.
 */
export function withGatewayPauses(client: GatewayClient, board: PauseBoard, now: () => Date): GatewayClient {
  /** Kinds paused since their last answer: after the pause, one call at a time until one goes through. */
  const recovering = new Set<PacedCallKind>();
  const probing = new Set<PacedCallKind>();
  const paused = (retryAfterMs: number) =>
    new GatewayError('The gateway asked us to slow down: not asked again yet.', {
      kind: 'server',
      status: 429,
      sent: false,
      outcomeUnknown: false,
      code: 'paused',
      retryAfterMs,
    });
  async function paced<T>(kind: PacedCallKind, run: () => Promise<T>): Promise<T> {
    const at = now();
    const until = await board.pausedUntil(kind, at);
    if (until !== undefined && until > at) {
      recovering.add(kind);
      throw paused(until.getTime() - at.getTime());
    }
    // The pause is over: this instance asks once, and the others wait for that answer, not a burst again.
    const probe = recovering.has(kind);
    if (probe && probing.has(kind)) throw paused(PAUSE_REFRESH_MS);
    if (probe) probing.add(kind);
    try {
      const answer = await run();
      recovering.delete(kind);
      return answer;
    } catch (error) {
      if (error instanceof GatewayError && error.sent && error.retryAfterMs !== undefined) {
        recovering.add(kind);
        const later = now();
        await board.pause(kind, new Date(later.getTime() + error.retryAfterMs), later);
      } else if (error instanceof GatewayError && error.sent) recovering.delete(kind);
      throw error;
    } finally {
      if (probe) probing.delete(kind);
    }
  }
  return {
    ...client,
    getTransaction: (id) => paced('read', () => client.getTransaction(id)),
    transactionHistory: (id) => paced('read', () => client.transactionHistory(id)),
    listTransactions: () => paced('list', () => client.listTransactions()),
    scanTransactions: (query, onTransaction) =>
      paced('list', () => client.scanTransactions(query, onTransaction)),
    transactionInstallments: (id) => paced('installments', () => client.transactionInstallments(id)),
    simulateFees: (request) => paced('fees', () => client.simulateFees(request)),
  };
}
