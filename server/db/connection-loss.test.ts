import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { queryOnCheckoutLane, queryRows } from './query-rows.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import { DEFAULT_CHECKOUT_CONNECTIONS } from './open-database.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { buildTestApp } from '../test/test-app.ts';
import { checkReadiness } from '../readiness.ts';

/**
 * A PostgreSQL backend that dies (failover, `pg_terminate_backend`, a restart) is an error for the one
 * caller using it — never an exception thrown from a timer that ends the process — and the pool opens a
 * new connection for the next caller. postgres.js 3.4.9 wrote its own ROLLBACK onto the closed socket of
 * a transaction's reserved connection (patches/postgres+3.4.9.patch, decision 306). An uncaught exception fails this
 * file through vitest's "unhandled error" check even when every assertion below passes.
 */
/** Well formed, so the route reads the database to find it absent. */
const MISSING_SESSION = `/api/pay/cs_${'A'.repeat(22)}`;

describe('a PostgreSQL connection lost mid-transaction or mid-statement', () => {
  let database: TestDatabase;
  let admin: postgres.Sql;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    admin = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://missing', { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin.end({ timeout: 5 });
    await database.close();
  });

  /** This file's database: other files' connections to the same cluster must live on. */
  function databaseName(): string {
    return new URL(database.url ?? 'postgres://missing/missing').pathname.slice(1);
  }

  async function pidOf(db: Database): Promise<number> {
    const [row] = await queryRows(db, sql`select pg_backend_pid() as pid`);
    return Number(row?.pid);
  }

  async function terminate(pid: number): Promise<void> {
    await admin`select pg_terminate_backend(${pid})`;
  }

  /** Lets timers and immediates that the library scheduled run: a crash would happen here. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('between two statements of a transaction holding FOR UPDATE: the transaction rejects, the pool reconnects', async () => {
    const { db } = database;
    await db.execute(sql`create table if not exists loss_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into loss_probe values (1, 0) on conflict do nothing`);
    for (let round = 0; round < 5; round += 1) {
      const outcome = db.transaction(async (tx) => {
        await tx.execute(sql`select n from loss_probe where id = 1 for update`);
        await terminate(await pidOf(tx));
        await settle();
        await tx.execute(sql`update loss_probe set n = n + 1 where id = 1`);
      });
      const error: unknown = await outcome.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      await settle();
    }
    // Nothing of the terminated transactions was committed, and the pool answers again.
    const [row] = await queryRows(db, sql`select n from loss_probe where id = 1`);
    expect(Number(row?.n)).toBe(0);
  });

  it('during a statement inside a transaction: that statement and the transaction reject', async () => {
    const { db } = database;
    for (let round = 0; round < 3; round += 1) {
      const outcome = db.transaction(async (tx) => {
        const pid = await pidOf(tx);
        setTimeout(() => void terminate(pid), 150);
        await tx.execute(sql`select pg_sleep(5)`);
      });
      const error: unknown = await outcome.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      await settle();
    }
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('during a statement outside any transaction: the statement rejects, the next one runs', async () => {
    const { db } = database;
    const slow = db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await admin`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'checkout-server' and datname = ${databaseName()} and query like '%pg_sleep(5)%'
        and pid <> pg_backend_pid()`;
    expect(isDatabaseUnavailable(await slow)).toBe(true);
    await settle();
    expect(await queryRows(db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('a checkout lane backend terminated between statements: the lane reconnects for the next one', async () => {
    const { db } = database;
    for (let round = 0; round < 3; round += 1) {
      const [row] = await queryOnCheckoutLane(db, 'select pg_backend_pid() as pid', []);
      await terminate(Number(row?.pid));
      await settle();
    }
    // Whichever of the lane's connections the next statement meets, it runs.
    for (let round = 0; round < 4; round += 1)
      expect(await queryOnCheckoutLane(db, 'select 4 as four', [])).toEqual([{ four: 4 }]);
  });

  it('a request that meets a dropped connection answers 503 with Retry-After, and /readyz says unavailable meanwhile', async () => {
    const { db } = database;
    const test = buildTestApp({ db });
    try {
      const slow = test.app.request(MISSING_SESSION);
      // The session read is quick: terminate every pooled backend of this database while it runs.
      // Of this file's database only: other files run on the same cluster meanwhile.
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'checkout-server' and datname = ${databaseName()} and pid <> pg_backend_pid()`;
      const response = await slow;
      expect([404, 503]).toContain(response.status);
      // A statement on a connection that is being torn down: the pool answers the error, the app a 503.
      const outcome = db.transaction(async (tx) => {
        await terminate(await pidOf(tx));
        await settle();
        await tx.execute(sql`select 1`);
      });
      await outcome.catch(() => undefined);
      // The checkout lane's connections were terminated too, the session read's among them: the first use of
      // each may still meet its old socket and fail, as above. Each is used once, all at once.
      await Promise.all(
        Array.from({ length: DEFAULT_CHECKOUT_CONNECTIONS }, () =>
          queryOnCheckoutLane(db, 'select 1', []).catch(() => undefined),
        ),
      );
      const sessionRead = await test.app.request(MISSING_SESSION);
      expect(sessionRead.status).toBe(404);
      const readiness = await checkReadiness({ db, gateway: test.gateway });
      expect(readiness.database).toEqual({ ok: true });
    } finally {
      await test.close();
    }
  });

  it('maps a closed pool to 503 (never 500) and /readyz to not ready', async () => {
    const other = await openTestDatabase('postgres');
    const test = buildTestApp({ db: other.db });
    await other.close();
    try {
      const response = await test.app.request(MISSING_SESSION);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(((await response.json()) as { errors: { type: string }[] }).errors[0]?.type).toBe(
        'database_unavailable',
      );
      const readiness = await checkReadiness({ db: other.db, gateway: test.gateway });
      expect(readiness.ready).toBe(false);
      expect(readiness.database.ok).toBe(false);
    } finally {
      await test.close();
    }
  });
});
