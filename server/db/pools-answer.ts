import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import { checkoutLaneOf } from './query-rows.ts';

/**
 * `select 1`, once more when the first meets a connection the database dropped (a pooled connection
 * killed by a failover reports it on its next use): readiness is about the database, not one stale socket.
 */
async function databaseAnswers(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    await db.execute(sql`select 1`);
  }
}

/** The general pool, and on PostgreSQL the checkout lane too (server/db/open-database.ts): payments use both. */
export async function databasePoolsAnswer(db: Database): Promise<void> {
  const lane = checkoutLaneOf(db);
  await Promise.all([databaseAnswers(db), lane === db ? undefined : databaseAnswers(lane)]);
}
