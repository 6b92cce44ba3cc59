import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { OpenDatabase } from './database.ts';
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER } from './migrate.ts';
import { lockDataDir } from './pglite-lock.ts';
import * as schema from './schema.ts';
import { countPglite, type WireCounts } from './wire-count.ts';

/**
 * The embedded database (PGlite): `npm start`, the tests, a single instance without DATABASE_URL. Only
 * server/db/open-database.ts imports this file, and only dynamically, when no DATABASE_URL is set.
 */

export async function openPglite(
  dataDir: string,
  wire?: WireCounts,
  /** In memory only: a data folder to start from (the tests' migrated template, server/test/pglite-template.ts). */
  from?: Blob,
): Promise<OpenDatabase> {
  if (dataDir === 'memory') {
    const client = new PGlite(from ? { loadDataDir: from } : {});
    if (wire) countPglite(client, wire);
    const db = drizzlePglite({ client, schema });
    await migratePgliteLocked(db);
    return { db, driver: 'pglite', close: () => client.close() };
  }
  const directory = resolve(dataDir, 'pglite');
  const lock = lockDataDir(join(resolve(dataDir), 'pglite.lock'));
  try {
    const client = await PGlite.create({ dataDir: directory });
    if (wire) countPglite(client, wire);
    const db = drizzlePglite({ client, schema });
    try {
      await migratePgliteLocked(db);
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db,
      driver: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** PGlite has one connection and the lock file keeps other processes out; the lock is kept for symmetry. */
async function migratePgliteLocked(db: PgliteDatabase<typeof schema>): Promise<void> {
  await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  }
}
