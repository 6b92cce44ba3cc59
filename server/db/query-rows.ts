import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

const dialect = new PgDialect();

/**
 * Rows of a raw statement, whichever driver ran it (PGlite answers `{ rows }`, postgres-js an array).
 * Used where one SQL statement does what the query builder would need several round trips for.
 *
 * Prepared: on PostgreSQL, postgres.js keeps a named statement per connection for each statement text, so a
 * statement run again is one round trip (Bind/Execute/Sync) that PostgreSQL neither parses nor plans again;
 * drizzle's `db.execute` would describe it first every time (two round trips) and have it parsed and planned
 * anew (docs/decisions/145-prepared-statements-and-constant-sql.md). The text must therefore not vary with
 * the values: values are parameters, never inlined.
 */
export function queryRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return queryText(db, text, params);
}

/**
 * A constant statement (`$1`, `$2`… for its values), prepared like `queryRows`'s — without building SQL
 * on each request (the hot path: begin-attempt.ts, record-transaction.ts, rate-limit.ts).
 */
export async function queryText(
  db: Database,
  text: string,
  params: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  // A name makes drizzle's postgres-js session prepare the statement (postgres.js names it itself, once
  // per connection and text); PGlite runs it as before.
  const result: unknown = await db._.session
    .prepareQuery({ sql: text, params: params as unknown[] }, undefined, 'prepared', false)
    .execute();
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  if (result !== null && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Record<string, unknown>[];
  }
  throw new Error('unexpected result shape from the database driver');
}

/** The SQL types the constant statements cast their parameters to. */
export type SqlParamType = 'text' | 'int' | 'bigint' | 'boolean' | 'jsonb' | 'timestamptz';

/**
 * A value as a constant statement's parameter cast to `type` (`$n::jsonb`, `$n::timestamptz`…): jsonb goes
 * as JSON text and a date as ISO text, so both drivers send it alike; null stays null.
 */
export function sqlParam(value: unknown, type: SqlParamType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}
