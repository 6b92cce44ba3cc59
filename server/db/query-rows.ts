import type { SQL } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Rows of a raw statement, whichever driver ran it (PGlite answers `{ rows }`, postgres-js an array).
 * Used where one SQL statement does what the query builder would need several round trips for.
 */
export async function queryRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  if (result !== null && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Record<string, unknown>[];
  }
  throw new Error('unexpected result shape from the database driver');
}
