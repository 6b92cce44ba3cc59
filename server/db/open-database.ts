import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { OpenDatabase } from './database.ts';
import { migratePgliteLocked, migratePostgresLocked } from './migrate.ts';
import { lockDataDir } from './pglite-lock.ts';
import * as schema from './schema.ts';
import { countingSocket, countPglite, type WireCounts } from './wire-count.ts';

export interface DatabaseSettings {
  /** postgres://… — a shared PostgreSQL (several instances). */
  databaseUrl?: string;
  /** Embedded PGlite under `${dataDir}/pglite`; `memory` keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size per instance for PostgreSQL. */
  maxConnections?: number;
  /** Counts what is sent to the database (the bench; server/db/wire-count.ts). */
  wire?: WireCounts;
}

/** Opens the database named by the settings and brings its schema up to date before returning. */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  if (settings.databaseUrl)
    return openPostgres(settings.databaseUrl, settings.maxConnections ?? 10, settings.wire);
  return openPglite(settings.dataDir ?? '.data', settings.wire);
}

export async function openPostgres(
  url: string,
  maxConnections = 10,
  wire?: WireCounts,
): Promise<OpenDatabase> {
  const client = postgres(url, {
    // At least two: migrations hold the advisory lock on one connection and run on another.
    max: Math.max(2, maxConnections),
    onnotice: () => undefined,
    connection: { application_name: 'checkout-server' },
    ...(wire ? { socket: countingSocket(wire) } : {}),
  });
  try {
    const db = drizzlePostgres({ client, schema });
    await migratePostgresLocked(client, db);
    return { db, driver: 'postgres', close: () => client.end({ timeout: 5 }) };
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
}

export async function openPglite(dataDir: string, wire?: WireCounts): Promise<OpenDatabase> {
  if (dataDir === 'memory') {
    const client = new PGlite();
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
