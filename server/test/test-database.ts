import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open-database.ts';
import { openPglite } from '../db/open-pglite.ts';
import type { WireCounts } from '../db/wire-count.ts';
import { pgliteTemplate } from './pglite-template.ts';

export type DriverName = 'pglite' | 'postgres';

/**
 * The server's integration tests run on PostgreSQL, the database of a shop with several instances. The files
 * listed in docs/decisions/294-one-database-per-test-the-other-on-a-named-set.md run on the embedded PGlite too
 * (`BOTH_DRIVERS`): every repository, the state machine in SQL and what differs between the drivers; the e2e
 * server runs on PGlite end to end.
 */
export const DRIVERS: readonly DriverName[] = ['postgres'];

/** Both databases: the named set of docs/decisions/294-one-database-per-test-the-other-on-a-named-set.md. */
export const BOTH_DRIVERS: readonly DriverName[] = ['pglite', 'postgres'];

export interface TestDatabase {
  db: Database;
  /** PostgreSQL only: this file's database, for a second connection pool (a second "instance"). */
  url?: string;
  /** Empties every table between tests (fast: one statement). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const MISSING_URL =
  'TEST_DATABASE_URL is not set. The server tests run on a real PostgreSQL (a named set on PGlite too), and never ' +
  'skip the latter: start one (the CI script does) and set e.g. ' +
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres';

/**
 * PostgreSQL runs are never skipped: without TEST_DATABASE_URL every PostgreSQL test fails (in its
 * `reset()`, or on first use of `db`) with a message saying how to get one — a failing `beforeAll` would
 * only mark them skipped.
 */
function missingDatabase(): TestDatabase {
  const fail = (): never => {
    throw new Error(MISSING_URL);
  };
  const db = new Proxy(Object.create(null) as Database, { get: fail });
  return { db, reset: () => Promise.reject(new Error(MISSING_URL)), close: () => Promise.resolve() };
}

export async function openTestDatabase(
  driver: DriverName,
  /** Counts what the database is sent (server/db/wire-count.ts). */
  wire?: WireCounts,
): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const opened = await openPglite('memory', wire, await pgliteTemplate());
    return { db: opened.db, reset: () => truncateAll(opened.db), close: () => opened.close() };
  }
  // Each test file gets its own throw-away database, so files running in parallel cannot interfere.
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return missingDatabase();
  const name = `checkout_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openPostgres(url.toString(), 5, wire);
  return {
    db: opened.db,
    url: url.toString(),
    reset: () => truncateAll(opened.db),
    close: async () => {
      await opened.close();
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}

/**
 * Empties every table. A background write the previous test left running (a record retried after the
 * gateway answered, say) can meet the truncate's exclusive locks in a deadlock PostgreSQL breaks by failing
 * one side: the truncate is then tried again.
 */
async function truncateAll(db: Database): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.execute(
        sql`truncate table delivery_circuits, gateway_pauses, gateway_scans, webhook_deliveries, webhook_endpoints, api_keys, outbox_deliveries, outbox_events, payment_events, payment_operations, receivables, receivable_reads, payment_attempts, checkout_sessions, rate_limit_hits, saved_cards, payment_links, console_sessions, console_users, console_audit_log, shop_identity, mail_sends`,
      );
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
