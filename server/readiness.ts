import { sql } from 'drizzle-orm';
import type { AppDeps } from './app-deps.ts';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { checkoutLaneOf } from './db/query-rows.ts';
import { describeError } from './platform/describe-error.ts';

export interface Readiness {
  ready: boolean;
  database: { ok: boolean; error?: string };
  gateway: { ok: boolean; status?: number; kind?: string };
}

/**
 * `select 1`, once more when the first meets a connection the database dropped (a pooled connection
 * killed by a failover reports it on its next use): readiness is about the database, not one stale socket.
 */
async function databaseAnswers(db: AppDeps['db']): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    await db.execute(sql`select 1`);
  }
}

/** The general pool, and on PostgreSQL the checkout lane too (server/db/open-database.ts): payments use both. */
async function databasePoolsAnswer(db: AppDeps['db']): Promise<void> {
  const lane = checkoutLaneOf(db);
  await Promise.all([databaseAnswers(db), lane === db ? undefined : databaseAnswers(lane)]);
}

/** For /readyz: the database answers a query and the gateway answers HTTP at all (any status below 500). */
export async function checkReadiness(deps: Pick<AppDeps, 'db' | 'gateway'>): Promise<Readiness> {
  const [database, gateway] = await Promise.all([
    databasePoolsAnswer(deps.db).then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error: describeError(error) }),
    ),
    deps.gateway.ping().then(
      (result) => ({ ok: result.reachable, status: result.status, kind: result.kind }),
      () => ({ ok: false }),
    ),
  ]);
  return { ready: database.ok && gateway.ok, database, gateway };
}
