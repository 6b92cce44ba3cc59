import { fileURLToPath } from 'node:url';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import type * as schema from './schema.ts';

/** The SQL files drizzle-kit generated from schema.ts (`npm run db:generate`), applied in order. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Any fixed number both sides agree on: instances starting together take turns (without the lock, four
 * instances migrating at once crashed one on `CREATE SCHEMA IF NOT EXISTS`).
 */
export const MIGRATION_LOCK_KEY = 7_310_420_118;

export async function migratePostgresLocked(
  client: Sql,
  db: PostgresJsDatabase<typeof schema>,
): Promise<void> {
  // A session-level lock needs one connection held for the whole run; the migrator uses the pool.
  const reserved = await client.reserve();
  try {
    await reserved`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await reserved`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    reserved.release();
  }
}
