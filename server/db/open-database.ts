import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { OpenDatabase } from './database.ts';
import { migratePgliteLocked, migratePostgresLocked } from './migrate.ts';
import { lockDataDir } from './pglite-lock.ts';
import { routeToCheckoutLane } from './query-rows.ts';
import * as schema from './schema.ts';
import { countingSocket, countPglite, type WireCounts } from './wire-count.ts';

export interface DatabaseSettings {
  /** postgres://… — a shared PostgreSQL (several instances). */
  databaseUrl?: string;
  /** Embedded PGlite under `${dataDir}/pglite`; `memory` keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL: the general pool's size per instance (transactions, the console, the jobs). */
  maxConnections?: number;
  /** PostgreSQL: the checkout lane's size per instance (the hot path's statements, `queryOnCheckoutLane`). */
  checkoutConnections?: number;
  /** Counts what is sent to the database (the bench; server/db/wire-count.ts). */
  wire?: WireCounts;
}

/** Opens the database named by the settings and brings its schema up to date before returning. */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  if (settings.databaseUrl)
    // Unset sizes take openPostgres's defaults, the one place they are written.
    return openPostgres(
      settings.databaseUrl,
      settings.maxConnections,
      settings.wire,
      settings.checkoutConnections,
    );
  return openPglite(settings.dataDir ?? '.data', settings.wire);
}

/**
 * The checkout lane's connections per instance: one statement at a time keeps to one or two warm backends,
 * and at 10 connections of load two do as much as ten (postgres.js pipelines onto busy ones) —
 * docs/decisions/279-a-checkout-lane-of-two-connections.md.
 */
export const DEFAULT_CHECKOUT_CONNECTIONS = 2;

export async function openPostgres(
  url: string,
  maxConnections = 10,
  wire?: WireCounts,
  checkoutConnections = DEFAULT_CHECKOUT_CONNECTIONS,
): Promise<OpenDatabase> {
  const options = {
    onnotice: () => undefined,
    connection: { application_name: 'checkout-server' },
    ...(wire ? { socket: countingSocket(wire) } : {}),
  };
  // At least two: migrations hold the advisory lock on one connection and run on another.
  const client = postgres(url, { ...options, max: Math.max(2, maxConnections) });
  // The checkout lane: its own small pool, so a payment's statements go to a backend that served the last
  // ones (postgres.js hands a statement to the connection idle longest: ten would take turns, each cold) and
  // never wait for a connection of the general pool that the console, the jobs or transactions keep busy.
  // Only the hot path's single short statements use it (query-rows.ts, `queryOnCheckoutLane`).
  const lane = postgres(url, { ...options, max: Math.max(1, checkoutConnections) });
  const end = (timeout: number) =>
    Promise.all([client.end({ timeout }), lane.end({ timeout })]).then(() => undefined);
  try {
    const db = drizzlePostgres({ client, schema });
    // Its own drizzle handle: drizzle sets its type parsers on the client it wraps, so rows read the same.
    routeToCheckoutLane(db, drizzlePostgres({ client: lane, schema }));
    await migratePostgresLocked(client, db);
    return { db, driver: 'postgres', close: () => end(5) };
  } catch (error) {
    await end(1);
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
