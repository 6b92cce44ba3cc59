import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open-database.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import { createGatewayClient, retryAfterMs, type GatewayClient } from './gateway-client.ts';
import { GatewayError } from './gateway-error.ts';
import { databasePauseBoard, withGatewayPauses } from './paced-gateway.ts';

const SECOND = 1_000;

describe.each(BOTH_DRIVERS)('a gateway that rate-limits is respected by every instance (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  let second: Database;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url, policy: { refreshIntervalMs: 0 } });
    if (database.url) {
      const opened = await openPostgres(database.url, 2);
      closers.push(() => opened.close());
      second = opened.db;
    } else second = database.db;
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await t.close();
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
  });

  /** An instance's client: its own connection pool to the gateway, its own view of the pauses. */
  function instance(db: Database, now: () => Date): GatewayClient {
    const client = createGatewayClient({ baseUrl: gateway.url, token: 'pace-token' });
    closers.push(() => client.close());
    return withGatewayPauses(client, databasePauseBoard(db), now);
  }
  /** List reads: the recorded path holds no query string. */
  const listReads = () =>
    gateway.requests.filter((request) => request.method === 'GET' && request.path === '/v1/transactions')
      .length;
  const gets = (pathPrefix: string) =>
    gateway.requests.filter((request) => request.method === 'GET' && request.path.startsWith(pathPrefix))
      .length;

  it('a 429 with Retry-After on reads: one request per pause from two instances, lists and payments go on, reads resume after it', async () => {
    const { id } = await createTestSession(t.app);
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(paid.status).toBe(200);
    const transactionId = (paid.json as { id: number }).id;
    const clock = { ms: Date.now() };
    const now = () => new Date(clock.ms);
    const [a, b] = [instance(database.db, now), instance(second, now)];
    gateway.clearRequests();
    gateway.setFault('rate-limited');
    const outcomes: string[] = [];
    // Two seconds of both instances reading every 100 ms (40 reads): the gateway sees the first only.
    for (let step = 0; step < 20; step += 1) {
      clock.ms += 100;
      for (const client of [a, b]) {
        await client.getTransaction(transactionId).then(
          () => outcomes.push('ok'),
          (error: unknown) =>
            outcomes.push(error instanceof GatewayError ? (error.code ?? String(error.status)) : 'other'),
        );
      }
    }
    expect(gets(`/v1/transactions/${String(transactionId)}`)).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'paused')).toHaveLength(39);
    // Each kind on its own: a list scan is not held back by the reads' pause (and meets its own 429 here).
    await expect(a.scanTransactions({ page: 1, perPage: 10 }, () => undefined)).rejects.toMatchObject({
      status: 429,
      sent: true,
      retryAfterMs: 2 * SECOND,
    });
    // The other instance learns of it within a second (its view of the pauses is read once a second).
    clock.ms += 1_000;
    await expect(b.scanTransactions({ page: 1, perPage: 10 }, () => undefined)).rejects.toMatchObject({
      code: 'paused',
      sent: false,
    });
    expect(listReads()).toBe(1);
    // A payment is never held back nor retried: one POST, answered.
    const before = gateway.posts().length;
    const { id: another } = await createTestSession(t.app);
    expect(
      (await call(t.app, 'POST', `/api/pay/${another}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
    expect(gateway.posts().length).toBe(before + 1);
    // The gateway recovers; once its Retry-After has passed, both instances read again.
    gateway.setFault(undefined);
    clock.ms += 1_100;
    for (const client of [a, b]) {
      expect((await client.getTransaction(transactionId)).data.id).toBe(transactionId);
    }
    expect(gets(`/v1/transactions/${String(transactionId)}`)).toBe(3);
  });

  it('an unknown payment whose list scan meets a 429 waits out the pause, then resolves', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('500-after-create');
    expect(
      (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(502);
    gateway.setFault('rate-limited');
    gateway.clearRequests();
    const status = async () => {
      const read = await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY });
      expect(read.status).toBe(200);
      return (read.json as { payments: { status: string }[] }).payments[0]?.status;
    };
    // Polled every 250 ms: one scan met the 429; the polls after it wait for the pause and the scans' pace.
    for (let step = 0; step < 10; step += 1) {
      t.clock.offsetMs = step * 250;
      expect(await status()).toBe('unknown');
    }
    expect(listReads()).toBe(1);
    gateway.setFault(undefined);
    t.clock.offsetMs = 6 * SECOND;
    expect(await status()).toBe('paid');
    // Resolved by reading, never by sending the payment again.
    expect(gateway.posts()).toHaveLength(0);
  });
});

describe('Retry-After as the gateway says it', () => {
  it('seconds or an HTTP date, 1 s to 5 min; a 429 without it waits 5 s; another error without it does not', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs(429, '2', now)).toBe(2 * SECOND);
    expect(retryAfterMs(503, ' 30 ', now)).toBe(30 * SECOND);
    expect(retryAfterMs(429, 'Fri, 27 Nov 2026 12:00:10 GMT', now)).toBe(10 * SECOND);
    expect(retryAfterMs(429, '0', now)).toBe(SECOND);
    expect(retryAfterMs(429, '86400', now)).toBe(5 * 60 * SECOND);
    expect(retryAfterMs(429, undefined, now)).toBe(5 * SECOND);
    expect(retryAfterMs(429, 'soon', now)).toBe(5 * SECOND);
    expect(retryAfterMs(503, undefined, now)).toBeUndefined();
  });
});
