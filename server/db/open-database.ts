import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { OpenDatabase } from './database.ts';
import { migratePostgresLocked } from './migrate.ts';
import { assertPostgresGuard } from './postgres-guard.ts';
import { routeToCheckoutLane } from './query-rows.ts';
import * as schema from './schema.ts';
import { countingSocket, type WireCounts } from './wire-count.ts';

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
  // Imported here, not above: a PostgreSQL process never loads PGlite (its WebAssembly and data files).
  const { openPglite } = await import('./open-pglite.ts');
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
  assertPostgresGuard();
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
