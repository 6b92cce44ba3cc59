import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';
import { deliverOnce } from '../events/delivery-worker.ts';
import { signatureHeader } from '../events/sign.ts';
import { openPostgres } from '../db/open-database.ts';
import type { OpenDatabase } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { createGatewayClient } from '../gateway/gateway-client.ts';
import { createBackgroundTasks } from '../platform/background-tasks.ts';
import { createLogger } from '../platform/logger.ts';
import { serverEnvSchema } from '../env.ts';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { pruneRetention } from '../jobs/retention.ts';
import { readFileSync } from 'node:fs';
import { attemptIdOf } from '../payments/attempt-reference.ts';
import { freePort } from '../test/free-port.ts';
import { startMerchantEndpoint, type MerchantEndpoint } from '../test/merchant-endpoint.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import { orderBody } from '../test/test-app.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';
import { serverProcessArgs } from '../test/server-process.ts';

/**
 * The fault suite (docs/operators/fault-tolerance.md): three server processes (the production bundle, `node
 * main.js --api-only`, built for the run by scripts/vitest-global-setup.ts) on one PostgreSQL this suite
 * owns, the mock gateway as the ledger of what was charged, and a merchant endpoint that verifies every
 * signature. Payments run through the instances round robin while backends are terminated mid-transaction,
 * PostgreSQL restarts, an instance is killed with SIGKILL, the merchant endpoint goes down, webhooks are
 * duplicated across instances and refunds are stormed, and the gateway times out, resets connections and
 * answers late. Then the ledger is compared with the database. Timings are compressed: the recovery a real
 * instance does after two minutes (a payment whose process died mid-call) is run by this process
 * with its clock two minutes ahead.
 */
const KEY = `sk_faults_${randomBytes(12).toString('hex')}`;
const EVENT_SECRET = 'whsec_faults_0123456789abcdef';
const GATEWAY_WEBHOOK_SECRET = 'gwsec_faults_0123456789abcdef';
// Child processes are started with PORT=…: ports the system hands out, free when this file starts.
const PG_PORT = await freePort();
const INSTANCE_PORTS = [await freePort(), await freePort(), await freePort()];

interface Instance {
  port: number;
  child: ChildProcess;
  expectedExit: boolean;
}

/** The tables a payment writes to (growth per payment). */
const TABLES = [
  'checkout_sessions',
  'payment_attempts',
  'payment_events',
  'payment_operations',
  'outbox_events',
  'outbox_deliveries',
  'rate_limit_hits',
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for what a step needs to have happened (never a fixed time): `done` checked every 50 ms. */
async function until(what: string, done: () => boolean | Promise<boolean>, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`fault suite: ${what} did not happen within ${withinMs} ms`);
    await sleep(50);
  }
}

describe('fault suite: three instances, one PostgreSQL, a ledger gateway, a verifying merchant', () => {
  let cluster: PgCluster;
  let gateway: TestGateway;
  let merchant: MerchantEndpoint;
  let admin: postgres.Sql;
  const instances: Instance[] = [];
  let died = 0;
  let next = 0;
  let clientAddress = 1;
  /** HTTP statuses the shoppers and the merchant got, for the printed figures. */
  const answers = new Map<string, number>();

  function startInstance(port: number): Instance {
    const child = spawn(process.execPath, serverProcessArgs('--api-only'), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: cluster.url,
        GATEWAY_URL: gateway.url,
        GATEWAY_TOKEN: 'faults-token',
        CHECKOUT_SECRET_KEY: KEY,
        MERCHANT_WEBHOOK_URL: merchant.url,
        MERCHANT_WEBHOOK_SECRET: EVENT_SECRET,
        GATEWAY_WEBHOOK_SECRET,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'silent',
        // Compressed: a gateway call gives up after 1.5 s (20 s in production), so the suite's time-outs
        // and late answers take seconds.
        GATEWAY_TIMEOUT_MS: '1500',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const instance: Instance = { port, child, expectedExit: false };
    child.on('exit', () => {
      if (!instance.expectedExit) died += 1;
    });
    return instance;
  }

  async function ready(port: number, withinMs = 60_000): Promise<void> {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`instance on ${port} not ready`);
  }

  /** The balancer: the next instance in turn; a refused connection or a 503 goes to the next one. */
  async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    for (let tries = 0; tries < 6; tries += 1) {
      const port = INSTANCE_PORTS[next++ % INSTANCE_PORTS.length] ?? 0;
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
        if (response.status !== 503) return response;
      } catch {
        // connection refused: that instance is down
      }
      await sleep(100);
    }
    return undefined;
  }

  /** A shopper paying one order: session by the merchant, then the card payment. */
  async function payOne(): Promise<void> {
    const session = await send('/api/v1/checkout-sessions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(orderBody({ reference: `order-${String(clientAddress)}` })),
    });
    answers.set(
      `session ${String(session?.status)}`,
      (answers.get(`session ${String(session?.status)}`) ?? 0) + 1,
    );
    if (session?.status !== 201) {
      return;
    }
    const { id } = (await session.json()) as { id: string };
    clientAddress += 1;
    const address = `10.${(clientAddress >> 16) & 255}.${(clientAddress >> 8) & 255}.${clientAddress & 255}`;
    const paid = await send(`/api/pay/${id}/v1/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(cardPayment()),
    });
    answers.set(`pay ${String(paid?.status)}`, (answers.get(`pay ${String(paid?.status)}`) ?? 0) + 1);
  }

  async function payMany(count: number, concurrency: number): Promise<void> {
    let left = count;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left > 0) {
          left -= 1;
          await payOne();
        }
      }),
    );
  }

  async function ledger(): Promise<Transaction[]> {
    const response = await fetch(`${gateway.url}/v1/transactions`, {
      headers: { authorization: 'Bearer x' },
    });
    return ((await response.json()) as unknown[]).map((entry) => transactionSchema.parse(entry));
  }

  beforeAll(async () => {
    cluster = startPgCluster(PG_PORT);
    admin = postgres(cluster.url, { max: 1, onnotice: () => undefined });
    gateway = await startTestGateway();
    merchant = await startMerchantEndpoint(EVENT_SECRET, () => Date.now());
    // Migrations first, once, so three instances do not all wait on the advisory lock.
    const migrated = await openPostgres(cluster.url, 2);
    await migrated.close();
    for (const port of INSTANCE_PORTS) instances.push(startInstance(port));
    await Promise.all(INSTANCE_PORTS.map((port) => ready(port)));
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) {
      instance.expectedExit = true;
      instance.child.kill('SIGKILL');
    }
    await admin.end({ timeout: 1 }).catch(() => undefined);
    await merchant.close();
    await gateway.close();
    cluster.stop();
  });

  it('loses no payment, charges and refunds once, delivers every event, and no instance dies', async () => {
    const figures: Record<string, number> = {};
    const started = Date.now();

    // 1. Backends terminated mid-transaction, again and again, during payments and refunds.
    const terminating = { on: true };
    const terminator = (async () => {
      while (terminating.on) {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'checkout-server' and pid <> pg_backend_pid()`.catch(() => undefined);
        await sleep(400);
      }
    })();
    await payMany(40, 6);
    terminating.on = false;
    await terminator;

    // 2. PostgreSQL restarts under load: once a few of these payments have reached the gateway.
    const chargedBefore = gateway.posts().length;
    const load = payMany(30, 4);
    await until('payments before the restart', () => gateway.posts().length >= chargedBefore + 4);
    cluster.restart();
    await load;
    await admin.end({ timeout: 1 }).catch(() => undefined);
    admin = postgres(cluster.url, { max: 1, onnotice: () => undefined });

    // 3. kill -9 of an instance during payments, then it comes back.
    const killed = instances[0];
    if (!killed) throw new Error('no instance');
    const chargedBeforeKill = gateway.posts().length;
    const during = payMany(30, 4);
    await until('payments before the kill', () => gateway.posts().length >= chargedBeforeKill + 4);
    killed.expectedExit = true;
    killed.child.kill('SIGKILL');
    await during;
    instances[0] = startInstance(killed.port);
    await ready(killed.port);

    // 4. The merchant endpoint down while payments go on; then back: time to drain.
    merchant.setDown(true);
    await payMany(20, 4);
    // Until the merchant has refused deliveries of this outage: events are waiting for it.
    await until('deliveries refused during the outage', () => merchant.refused() >= 10);
    // The endpoint's circuit is open (decision 310): over 30 s, what all three instances together still send
    // it — after 2 s for the first runs' requests in flight to land.
    await sleep(2_000);
    const refusedBefore = merchant.refused();
    await sleep(30_000);
    figures.endpoint_posts_per_minute_down = (merchant.refused() - refusedBefore) * 2;
    merchant.setDown(false);
    const upAt = Date.now();
    // Time to drain what waited during the outage (retries are pulled forward once it answers again).
    let drainedAfter = -1;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const [pending] = await queryRows(
        await recoveryDb(),
        sql`select count(*)::int as n from outbox_events where status <> 'delivered'`,
      );
      if (Number(pending?.n) === 0) {
        drainedAfter = Date.now() - upAt;
        break;
      }
      await sleep(250);
    }

    // 5. Duplicated gateway webhooks across instances; 6. a refund storm across instances.
    const paid = (await ledger()).filter((transaction) => transaction.status === 'paid').slice(0, 10);
    await Promise.all(
      paid.flatMap((transaction) =>
        INSTANCE_PORTS.flatMap((port) =>
          [0, 1, 2].map(async () => {
            const body = JSON.stringify({ id: transaction.id });
            await fetch(`http://127.0.0.1:${port}/api/webhooks/gateway`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-gateway-signature': signatureHeader(
                  GATEWAY_WEBHOOK_SECRET,
                  body,
                  Math.floor(Date.now() / 1000),
                ),
              },
              body,
            }).catch(() => undefined);
          }),
        ),
      ),
    );
    const refundable = await queryRows(
      await recoveryDb(),
      sql`select id from payment_attempts where status = 'paid' order by created_at limit 10`,
    );
    await Promise.all(
      refundable.flatMap((row) =>
        [1, 2, 3].map((n) =>
          send(`/api/v1/payments/${String(row.id)}/refund`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${KEY}`,
              'content-type': 'application/json',
              'idempotency-key': `storm-${String(row.id)}-${String(n % 2)}`,
            },
            body: JSON.stringify({ amount: 1_000 }),
          }),
        ),
      ),
    );

    // 7a. The gateway rate-limits reads (429, Retry-After: 2 s) for 6 s while ten shoppers' pages force a read
    // of their payment every 100 ms, round robin on the three instances (decision 312).
    const polled = await queryRows(
      await recoveryDb(),
      sql`select session_id, transaction_id from payment_attempts where transaction_id is not null limit 10`,
    );
    gateway.setFault('rate-limited');
    const limitedFrom = Date.now();
    // Counted from the first second on: the polls already on the wire when the first 429 came are not paced.
    let requestsBefore = -1;
    while (Date.now() < limitedFrom + 6_000) {
      if (requestsBefore < 0 && Date.now() >= limitedFrom + 1_000) requestsBefore = gateway.requests.length;
      await Promise.all(
        polled.map((row) =>
          send(`/api/pay/${String(row.session_id)}/v1/transactions/${String(row.transaction_id)}`, {
            method: 'GET',
          }),
        ),
      );
      await sleep(100);
    }
    gateway.setFault(undefined);
    figures.gateway_requests_per_second_under_429 =
      gateway.requests.slice(requestsBefore).filter((request) => request.method === 'GET').length / 5;

    // 7. Gateway time-outs, resets and late answers (half of them charged) during payments.
    gateway.setFault('unreliable');
    await payMany(30, 4);
    gateway.setFault(undefined);
    await until('the late answers to land', () => gateway.inFlight() === 0);

    // Recovery a real instance does after two minutes (compressed): this process, clock 2.5 min ahead.
    const recovery = await recoveryDeps();
    for (let pass = 0; pass < 5; pass += 1) await reconcileOnce(recovery, { batchSize: 500 });
    // The events it wrote are due on its clock (2.5 min ahead): it delivers them, as that instance would.
    const recoveryDelivery = {
      db: recovery.db,
      log: recovery.log,
      now: recovery.now,
      target: { url: merchant.url, secret: EVENT_SECRET },
    };
    while ((await deliverOnce(recoveryDelivery)).claimed > 0) {
      // next run
    }

    // Wait for every event to reach the merchant.
    const db = await recoveryDb();
    let allDelivered = false;
    for (let waited = 0; waited < 60_000 && !allDelivered; waited += 500) {
      const [pending] = await queryRows(
        db,
        sql`select count(*)::int as n from outbox_events where status <> 'delivered'`,
      );
      allDelivered = Number(pending?.n) === 0;
      if (!allDelivered) await sleep(500);
    }

    // The accounting: the gateway's ledger against the database and the merchant.
    const charged = (await ledger()).filter((transaction) =>
      ['paid', 'authorized', 'pending_refund', 'refunded'].includes(transaction.status),
    );
    const attempts = await queryRows(
      db,
      sql`select id, session_id, status, transaction_id, refunded_amount from payment_attempts`,
    );
    const byTransaction = new Map(attempts.map((row) => [Number(row.transaction_id), row]));
    const sessionOf = new Map(attempts.map((row) => [String(row.id), String(row.session_id)]));
    figures.payments_charged = charged.length;
    const lost = charged.filter((transaction) => {
      const row = byTransaction.get(transaction.id);
      return !row || !['paid', 'authorized', 'pending_refund', 'refunded'].includes(String(row.status));
    });
    figures.payments_lost = lost.length;
    if (lost.length > 0) {
      // Seen once (issue 40's note): what the gateway holds and what the attempt it names holds, to tell why.
      const attemptRows = await queryRows(
        db,
        sql`select id, status, transaction_id, check_count, next_check_at, updated_at from payment_attempts`,
      );
      const byId = new Map(attemptRows.map((row) => [String(row.id), row]));
      for (const transaction of lost) {
        const attempt = attemptIdOf(transaction);
        process.stdout.write(
          `fault suite: payment lost: ${JSON.stringify({ id: transaction.id, status: transaction.status, attempt, row: attempt === undefined ? null : (byId.get(attempt) ?? null) })}\n`,
        );
      }
    }
    const chargesPerSession = new Map<string, number>();
    for (const transaction of charged) {
      const attempt = attemptIdOf(transaction);
      const session =
        attempt === undefined
          ? `unreferenced-${String(transaction.id)}`
          : (sessionOf.get(attempt) ?? attempt);
      chargesPerSession.set(session, (chargesPerSession.get(session) ?? 0) + 1);
    }
    figures.double_charges = [...chargesPerSession.values()].filter((n) => n > 1).length;
    const capturePosts = new Map<string, number>();
    for (const request of gateway.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/capture')))
      capturePosts.set(request.path, (capturePosts.get(request.path) ?? 0) + 1);
    figures.double_captures = [...capturePosts.values()].filter((n) => n > 1).length;
    const succeededRefunds = await queryRows(
      db,
      sql`select a.transaction_id, coalesce(sum(o.amount) filter (where o.status = 'succeeded'), 0)::int as refunded
          from payment_attempts a left join payment_operations o on o.attempt_id = a.id and o.kind = 'refund'
          where a.transaction_id is not null group by a.transaction_id`,
    );
    const ourRefunds = new Map(
      succeededRefunds.map((row) => [Number(row.transaction_id), Number(row.refunded)]),
    );
    figures.double_refunds = charged.filter(
      (transaction) => (transaction.refunded_amount ?? 0) > (ourRefunds.get(transaction.id) ?? 0),
    ).length;
    const events = await queryRows(db, sql`select id from outbox_events`);
    const received = new Set(merchant.received.filter((event) => event.verified).map((event) => event.id));
    figures.events_written = events.length;
    figures.events_lost = events.filter((row) => !received.has(String(row.id))).length;
    figures.instances_died = died;
    const [open] = await queryRows(
      db,
      sql`select count(*)::int as n from payment_attempts where status in ('sending', 'unknown')`,
    );
    figures.outcomes_unresolved = Number(open?.n);
    figures.drain_after_outage_ms = drainedAfter;
    // Unknown outcomes resolved by shared, paced scans (decision 311): the list pages the instances read for each.
    const [unknownPayments] = await queryRows(
      db,
      sql`select count(distinct attempt_id)::int as n from payment_events where to_status = 'unknown'`,
    );
    figures.unknown_payments = Number(unknownPayments?.n);
    const listPages = gateway.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v1/transactions',
    ).length;
    figures.list_pages_read = listPages;
    figures.list_pages_per_unknown_payment =
      Math.round((listPages / Math.max(1, figures.unknown_payments)) * 10) / 10;
    figures.suite_ms = Date.now() - started;
    const memory = await Promise.all(
      INSTANCE_PORTS.map(async (port) => (await fetch(`http://127.0.0.1:${port}/healthz`)).status),
    );
    figures.instances_answering = memory.filter((status) => status === 200).length;
    // Growth: the bytes each table's rows hold per charged payment (pg_column_size of whole rows, so
    // deletes show at once), now and after the retention sweep a month later; memory: each instance's RSS.
    const rowBytes = async () => {
      let total = 0;
      for (const table of TABLES) {
        const [row] = await queryRows(
          db,
          sql`select coalesce(sum(pg_column_size(t.*)), 0)::bigint as bytes from ${sql.identifier(table)} t`,
        );
        total += Number(row?.bytes);
      }
      return total;
    };
    figures.row_bytes_per_payment = Math.round((await rowBytes()) / charged.length);
    await pruneRetention(db, new Date(Date.now() + 31 * 86_400_000), 30);
    figures.row_bytes_per_payment_after_retention = Math.round((await rowBytes()) / charged.length);
    figures.instance_rss_max_mb = Math.max(
      ...instances.map((instance) => {
        const status = readFileSync(`/proc/${String(instance.child.pid)}/status`, 'utf8');
        return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      }),
    );
    process.stdout.write(`fault suite figures: ${JSON.stringify(figures)}\n`);
    process.stdout.write(`fault suite answers: ${JSON.stringify(Object.fromEntries(answers))}\n`);

    expect(figures).toMatchObject({
      payments_lost: 0,
      double_charges: 0,
      double_captures: 0,
      double_refunds: 0,
      events_lost: 0,
      instances_died: 0,
      instances_answering: 3,
      outcomes_unresolved: 0,
    });
    expect(figures.payments_charged).toBeGreaterThan(50);
    // Gentle with the others (issue 44): a down endpoint gets one probe per 10 s from all instances (≤ 6 a
    // minute, +1 at a boundary); the drain after it answers waits at most one probe interval; unknown payments
    // share the gateway list's scans; a 429 slows every instance (one request per kind per Retry-After, plus
    // one per instance before it learns of it).
    expect(figures.endpoint_posts_per_minute_down).toBeLessThanOrEqual(8);
    expect(figures.drain_after_outage_ms).toBeGreaterThanOrEqual(0);
    // At most one probe interval (10 s) before an instance sees the endpoint answer, then the backlog at once:
    // 8–10 s on a quiet machine, 28 s once beside the lint and the other server tests on 2 cores. The bound is
    // there to catch a backlog left to each event's own back-off (minutes after a 2-minute outage).
    expect(figures.drain_after_outage_ms).toBeLessThanOrEqual(45_000);
    expect(figures.list_pages_per_unknown_payment).toBeLessThanOrEqual(20);
    expect(figures.gateway_requests_per_second_under_429).toBeLessThanOrEqual(2);
  }, 300_000);

  let opened: OpenDatabase | undefined;
  async function recoveryDb() {
    opened ??= await openPostgres(cluster.url, 4);
    return opened.db;
  }
  async function recoveryDeps() {
    const log = createLogger('silent');
    return {
      env: serverEnvSchema.parse({ LOG_LEVEL: 'silent' }),
      log,
      db: await recoveryDb(),
      gateway: createGatewayClient({ baseUrl: gateway.url, token: 'faults-token' }),
      secretKey: KEY,
      publicUrl: 'http://127.0.0.1',
      now: () => new Date(Date.now() + 150_000),
      embedOrigins: [],
      policy: resolvePolicy(undefined),
      background: createBackgroundTasks(log),
    };
  }
  afterAll(async () => {
    await opened?.close();
  });
});
