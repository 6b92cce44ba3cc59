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
 * on each request. On `db`'s own connections: the hot path uses `queryOnCheckoutLane`.
 */
export async function queryText(
  db: Database,
  text: string,
  params: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  // postgres.js (the root handle or a transaction's) is asked directly, prepared: it names the statement itself,
  // once per connection and text. Through drizzle's session the same call costs a prepared-query object, its
  // tracing spans and an error wrapper per statement, two statements per payment (issue 27's profile). The rows
  // are the same: drizzle's postgres-js driver sets its type parsers on this very client.
  const postgresJs = postgresJsClientOf(db);
  // A name makes drizzle's session prepare the statement; PGlite runs it as before.
  const result: unknown = postgresJs
    ? await postgresJs.unsafe(text, params as unknown[], { prepare: true })
    : await db._.session
        .prepareQuery({ sql: text, params: params as unknown[] }, undefined, 'prepared', false)
        .execute();
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  if (result !== null && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Record<string, unknown>[];
  }
  throw new Error('unexpected result shape from the database driver');
}

/**
 * A constant statement of the checkout's hot path — creating a session, beginning a payment with its rate
 * limits, recording the gateway's answer — on the checkout lane (server/db/open-database.ts,
 * docs/decisions/279-a-checkout-lane-of-two-connections.md); in a transaction, on the transaction's connection.
 * Only single short statements belong here: whatever waits on the lane's two connections delays payments.
 */
export function queryOnCheckoutLane(
  db: Database,
  text: string,
  params: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  return queryText(checkoutLaneOf(db), text, params);
}

const checkoutLanes = new WeakMap<Database, Database>();

/**
 * Gives the root handle `root` (the one `openDatabase` answers; a transaction's handle is another) its
 * checkout lane `lane`, a drizzle handle on a small pool of its own (server/db/open-database.ts).
 */
export function routeToCheckoutLane(root: Database, lane: Database): void {
  checkoutLanes.set(root, lane);
}

/**
 * Where the hot path's statements go: the root handle's checkout lane; the handle itself for a transaction's
 * handle (its statements must stay in it) or for PGlite (one connection, no lane).
 */
export function checkoutLaneOf(db: Database): Database {
  return checkoutLanes.get(db) ?? db;
}

/** The postgres.js client (`sql`, or a transaction's) under a drizzle handle; none under PGlite's. */
interface PostgresJsClient {
  unsafe(text: string, params: unknown[], options: { prepare: boolean }): PromiseLike<unknown>;
}

function postgresJsClientOf(db: Database): PostgresJsClient | undefined {
  const client: unknown = (db._.session as { client?: unknown }).client;
  // PGlite's client has no `unsafe`; postgres.js's root and transaction clients both have it.
  return typeof client === 'function' && typeof (client as { unsafe?: unknown }).unsafe === 'function'
    ? (client as unknown as PostgresJsClient)
    : undefined;
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
