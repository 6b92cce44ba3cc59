import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/**
 * One drizzle API over both drivers (PGlite embedded, PostgreSQL through `postgres`): repositories take
 * this type, so they run unchanged on either. A transaction (`db.transaction(tx => …)`) is one too.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}
