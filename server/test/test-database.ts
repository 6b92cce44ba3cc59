import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open-database.ts';
import { openPglite } from '../db/open-pglite.ts';
import { queryRows } from '../db/query-rows.ts';
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
    return { db: opened.db, reset: emptier(opened.db), close: () => opened.close() };
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
    reset: emptier(opened.db),
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

interface Emptying {
  /** One DELETE of every table that allows it. */
  deleteAll?: string;
  /** Tables whose rows refuse DELETE: truncated, when they hold a row (TRUNCATE costs even on an empty table). */
  guarded: string[];
}

/**
 * How to empty this database, read from it once: every table of the public schema, so a new table is emptied the
 * day it is made. One DELETE statement empties the tables (its foreign keys are checked at its end, so their order
 * does not matter); a table whose rows refuse DELETE (a trigger: the console's audit log is append-only) is
 * truncated when it holds a row. TRUNCATE of all 22 tables made new files for each and its indexes: 45–60 ms of
 * PostgreSQL's CPU per test, 110 ms of PGlite's; this costs ~1 ms and ~23 ms (docs/performance.md, "Test suite time").
 */
async function emptyingOf(db: Database): Promise<Emptying> {
  const tables = await queryRows(
    db,
    sql`select c.relname as name,
          exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as guarded
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by c.relname`,
  );
  const names = (guarded: boolean) =>
    tables.filter((table) => table.guarded === guarded).map((table) => `"${String(table.name)}"`);
  const [first, ...rest] = names(false);
  const ctes = rest.map((name, index) => `d${String(index)} as (delete from ${name})`);
  return {
    ...(first !== undefined
      ? { deleteAll: `${ctes.length > 0 ? `with ${ctes.join(', ')} ` : ''}delete from ${first}` }
      : {}),
    guarded: names(true),
  };
}

/** Empties every table, with the statements read once per database. */
function emptier(db: Database): () => Promise<void> {
  let emptying: Promise<Emptying> | undefined;
  return async () => {
    emptying ??= emptyingOf(db);
    await emptyAll(db, await emptying);
  };
}

/**
 * A background write the previous test left running (a record retried after the gateway answered, say) can meet
 * the emptying's locks in a deadlock PostgreSQL breaks by failing one side, or add a row that refers to one just
 * deleted: the emptying is then tried again.
 */
async function emptyAll(db: Database, { deleteAll, guarded }: Emptying): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        if (deleteAll !== undefined) await tx.execute(sql.raw(deleteAll));
        for (const table of guarded) {
          const [held] = await queryRows(tx, sql.raw(`select exists (select 1 from ${table}) as held`));
          if (held?.held === true) await tx.execute(sql.raw(`truncate table ${table}`));
        }
      });
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if ((code !== '40P01' && code !== '23503') || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
