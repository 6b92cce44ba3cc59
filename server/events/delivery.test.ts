import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantEventSchema } from '../../contract/merchant-events.ts';
import { verifySignature } from '../../contract/webhook-signature.ts';
import { openPostgres } from '../db/open-database.ts';
import { outboxDeliveries, outboxEvents } from '../db/schema.ts';
import { createLogger } from '../platform/logger.ts';
import { startMerchantEndpoint, type MerchantEndpoint } from '../test/merchant-endpoint.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { addEvents } from '../test/outbox-fill.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { deliverOnce, type DeliveryDeps } from './delivery-worker.ts';
import { signatureHeader } from './sign.ts';

const SECRET = 'whsec_merchant_0123456789';
const MINUTE = 60_000;

describe.each(BOTH_DRIVERS)('events to the merchant (%s)', (driver) => {
  let database: TestDatabase;
  let endpoint: MerchantEndpoint;
  let t: TestApp;
  let deps: DeliveryDeps;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    t = buildTestApp({ db: database.db });
    endpoint = await startMerchantEndpoint(SECRET, () => t.deps.now().getTime());
    deps = {
      db: database.db,
      log: createLogger('silent'),
      now: t.deps.now,
      target: { url: endpoint.url, secret: SECRET },
    };
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await endpoint.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    endpoint.received.length = 0;
    endpoint.setDown(false);
    t.clock.offsetMs = 0;
  });

  it('signs each event: the merchant verifies it; a forged or stale one fails', async () => {
    const body = JSON.stringify({ id: 'evt_x' });
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(SECRET, body, now);
    expect(await verifySignature({ secret: SECRET, header, rawBody: body, now })).toMatchObject({ ok: true });
    expect(await verifySignature({ secret: SECRET, header, rawBody: `${body} `, now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifySignature({ secret: 'other-secret-xyz', header, rawBody: body, now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifySignature({ secret: SECRET, header, rawBody: body, now: now + 301 })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(await verifySignature({ secret: SECRET, header: 'v1=abc', rawBody: body, now })).toEqual({
      ok: false,
      reason: 'malformed',
    });

    await addEvents(database.db, 3, t.deps.now());
    expect(await deliverOnce(deps)).toEqual({ claimed: 3, delivered: 3 });
    expect(endpoint.received.every((entry) => entry.verified)).toBe(true);
    const [row] = await database.db.select().from(outboxEvents).limit(1);
    expect(merchantEventSchema.safeParse(row?.payload).success).toBe(true);
    expect(await deliverOnce(deps)).toEqual({ claimed: 0, delivered: 0 });
  });

  it('the merchant’s endpoint down for an hour: retried with back-off, every event delivered later, none lost', async () => {
    await addEvents(database.db, 20, t.deps.now());
    // What the job runner does: runs again at once while a run claimed something (10 per run).
    const everyDue = async () => {
      while ((await deliverOnce(deps)).claimed > 0) {
        // next run
      }
    };
    endpoint.setDown(true);
    for (let minute = 0; minute <= 60; minute += 1) {
      t.clock.offsetMs = minute * MINUTE;
      await everyDue();
    }
    const [pending] = await database.db
      .select({ n: count() })
      .from(outboxEvents)
      .where(eq(outboxEvents.status, 'pending'));
    expect(pending?.n).toBe(20);
    const [attempts] = await database.db.select({ n: count() }).from(outboxDeliveries);
    // The first run's 10 fail, the endpoint's circuit opens (decision 310): then one probe per pass here (a
    // minute apart; one per 10 s at most) — 70 tries in the hour, not each event's 9 (10 s doubling: 180).
    expect(attempts?.n).toBe(10 + 60);
    endpoint.setDown(false);
    t.clock.offsetMs = 2 * 60 * MINUTE;
    await everyDue();
    expect(new Set(endpoint.received.map((entry) => entry.id)).size).toBe(20);
    const [delivered] = await database.db
      .select({ n: count() })
      .from(outboxEvents)
      .where(eq(outboxEvents.status, 'delivered'));
    expect(delivered?.n).toBe(20);
  }, 20_000);

  it('gives up after three days; the merchant lists failed events and resends one', async () => {
    await addEvents(database.db, 1, t.deps.now());
    endpoint.setDown(true);
    for (let hour = 0; hour <= 73; hour += 1) {
      t.clock.offsetMs = hour * 60 * MINUTE;
      await deliverOnce(deps);
    }
    const failed = await call(t.app, 'GET', '/api/v1/events?status=failed', { key: TEST_KEY });
    const list = failed.json as { data: { id: string; attempts: number; last_error: string }[] };
    expect(list.data).toHaveLength(1);
    const [event] = list.data;
    expect(event?.last_error).toBe('HTTP 503');
    const detail = (await call(t.app, 'GET', `/api/v1/events/${event?.id ?? ''}`, { key: TEST_KEY }))
      .json as { deliveries: unknown[] };
    expect(detail.deliveries.length).toBe(event?.attempts);
    endpoint.setDown(false);
    expect(
      (await call(t.app, 'POST', `/api/v1/events/${event?.id ?? ''}/resend`, { key: TEST_KEY })).status,
    ).toBe(200);
    expect(await deliverOnce(deps)).toEqual({ claimed: 1, delivered: 1 });
    expect(endpoint.received.map((entry) => entry.id)).toEqual([event?.id]);
  });

  it('two workers (two connection pools, like two instances) deliver each event exactly once; throughput', async () => {
    const total = 2_000;
    await addEvents(database.db, total, t.deps.now());
    const second = database.url ? await openPostgres(database.url, 5) : undefined;
    try {
      const workers = [database.db, second?.db ?? database.db].map((db) => ({
        ...deps,
        db,
        policy: { batchSize: 100, concurrency: 8 },
      }));
      const started = performance.now();
      await Promise.all(
        workers.map(async (worker) => {
          while ((await deliverOnce(worker)).claimed > 0) {
            // drain
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const ids = endpoint.received.map((entry) => entry.id);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      console.warn(
        `[delivery throughput] ${driver}: ${total} events in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} events/s (2 workers)`,
      );
    } finally {
      await second?.close();
    }
  }, 120_000);
});
