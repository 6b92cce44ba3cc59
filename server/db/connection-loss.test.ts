import { sql } from 'drizzle-orm';
import { once } from 'node:events';
import { Socket } from 'node:net';
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

  /**
   * This process's socket to backend `pid`: the one whose local port PostgreSQL names as the client's. Node
   * lists the sockets it holds (`process._getActiveHandles`, undocumented but there since 0.x): postgres.js
   * hands out neither its connections nor their sockets. So TEST_DATABASE_URL must reach PostgreSQL directly
   * over TCP (as scripts/with-postgres.mjs's does): through a Unix socket or a pooler the ports do not match,
   * and this says so.
   */
  async function socketTo(pid: number): Promise<Socket> {
    const [row] = await admin<{ port: number | null }[]>`
      select client_port as port from pg_stat_activity where pid = ${pid}`;
    const port = row?.port ?? undefined;
    const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
    const socket = handles.find(
      (handle): handle is Socket =>
        handle instanceof Socket && port !== undefined && handle.localPort === port,
    );
    if (!socket) throw new Error(`no socket of this process to backend ${pid} (TCP only: port ${port})`);
    return socket;
  }

  /**
   * Terminates backend `pid`; resolves once the pool has seen its connection close. The socket's `close`
   * listener added here runs after postgres.js's own (it drops the socket, fails the connection's statements
   * and moves it to the closed ones): whatever the library does on a lost connection has been done, and a
   * write it deferred onto the closed socket would have thrown by then (what a crash looked like).
   */
  async function terminate(pid: number): Promise<void> {
    const closed = once(await socketTo(pid), 'close');
    await admin`select pg_terminate_backend(${pid})`;
    await closed;
  }

  /** Until backend `pid` is running a statement that contains `text`: then it is terminated mid-statement. */
  async function whenRunning(pid: number, text: string): Promise<void> {
    await expect
      .poll(
        async () => {
          const [row] = await admin<{ running: boolean }[]>`
            select state = 'active' and position(${text} in query) > 0 as running
            from pg_stat_activity where pid = ${pid}`;
          return row?.running === true;
        },
        { timeout: 5_000, interval: 10 },
      )
      .toBe(true);
  }

  it('between two statements of a transaction holding FOR UPDATE: the transaction rejects, the pool reconnects', async () => {
    const { db } = database;
    await db.execute(sql`create table if not exists loss_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into loss_probe values (1, 0) on conflict do nothing`);
    for (let round = 0; round < 5; round += 1) {
      const outcome = db.transaction(async (tx) => {
        await tx.execute(sql`select n from loss_probe where id = 1 for update`);
        // The next statement meets a connection the pool already knows is closed.
        await terminate(await pidOf(tx));
        await tx.execute(sql`update loss_probe set n = n + 1 where id = 1`);
      });
      const error: unknown = await outcome.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    // Nothing of the terminated transactions was committed, and the pool answers again.
    const [row] = await queryRows(db, sql`select n from loss_probe where id = 1`);
    expect(Number(row?.n)).toBe(0);
  });

  it('during a statement inside a transaction: that statement and the transaction reject', async () => {
    const { db } = database;
    for (let round = 0; round < 3; round += 1) {
      const terminations: Promise<void>[] = [];
      const outcome = db.transaction(async (tx) => {
        const pid = await pidOf(tx);
        // Terminated once the statement runs, while the transaction waits for the statement.
        const terminated = whenRunning(pid, 'pg_sleep(5)').then(() => terminate(pid));
        terminated.catch(() => undefined);
        terminations.push(terminated);
        await tx.execute(sql`select pg_sleep(5)`);
      });
      const error: unknown = await outcome.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(terminations).toHaveLength(1);
      await Promise.all(terminations);
    }
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('during a statement outside any transaction: the statement rejects, the next one runs', async () => {
    const { db } = database;
    const slow = db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // The backend running it, once it runs.
    let pid: number | undefined;
    await expect
      .poll(
        async () => {
          const [row] = await admin<{ pid: number }[]>`select pid from pg_stat_activity
            where application_name = 'checkout-server' and datname = ${databaseName()} and state = 'active'
              and query like '%pg_sleep(5)%' and pid <> pg_backend_pid()`;
          pid = row?.pid;
          return pid;
        },
        { timeout: 5_000, interval: 10 },
      )
      .toBeDefined();
    const terminated = terminate(pid ?? 0);
    expect(isDatabaseUnavailable(await slow)).toBe(true);
    await terminated;
    expect(await queryRows(db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('a checkout lane backend terminated between statements: the lane reconnects for the next one', async () => {
    const { db } = database;
    for (let round = 0; round < 3; round += 1) {
      const [row] = await queryOnCheckoutLane(db, 'select pg_backend_pid() as pid', []);
      await terminate(Number(row?.pid));
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
