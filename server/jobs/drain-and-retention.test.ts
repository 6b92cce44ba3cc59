import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxDeliveries, outboxEvents, rateLimitHits } from '../db/schema.ts';
import { deliverOnce } from '../events/delivery-worker.ts';
import { createLogger } from '../platform/logger.ts';
import { startMerchantEndpoint, type MerchantEndpoint } from '../test/merchant-endpoint.ts';
import { addEvents } from '../test/outbox-fill.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { pruneRetention } from './retention.ts';

const SECRET = 'whsec_drain_0123456789abcdef';
const log = createLogger('silent');

describe.each(DRIVERS)('event drain after an outage, and retention (%s)', (driver) => {
  let database: TestDatabase;
  let endpoint: MerchantEndpoint;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    endpoint = await startMerchantEndpoint(SECRET, () => Date.now());
  }, 60_000);
  afterAll(async () => {
    await endpoint.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    endpoint.received.length = 0;
    endpoint.posted.length = 0;
    endpoint.setDown(false);
  });

  const clock = { offsetMs: 0 };
  const deps = () => ({
    db: database.db,
    log,
    now: () => new Date(Date.now() + clock.offsetMs),
    target: { url: endpoint.url, secret: SECRET },
    policy: { firstRetryMs: 60_000 },
  });

  it('when the endpoint answers again, the circuit’s next probe pulls every waiting retry forward', async () => {
    clock.offsetMs = 0;
    endpoint.setDown(true);
    await addEvents(database.db, 30, new Date());
    // The first run fails 10 times in a row: the circuit opens, and further runs send nothing before the probe.
    for (let pass = 0; pass < 5; pass += 1) await deliverOnce(deps());
    expect(endpoint.received).toHaveLength(0);
    expect(endpoint.posted).toHaveLength(10);
    endpoint.setDown(false);
    // The probe's turn has not come (10 s): the next pass does nothing.
    expect((await deliverOnce(deps())).claimed).toBe(0);
    clock.offsetMs = 10_000;
    const started = Date.now();
    for (let pass = 0; pass < 10; pass += 1) await deliverOnce(deps());
    expect(new Set(endpoint.received.map((event) => event.id)).size).toBe(30);
    expect(endpoint.received.every((event) => event.verified)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [pending] = await database.db
      .select({ n: count() })
      .from(outboxEvents)
      .where(eq(outboxEvents.status, 'pending'));
    expect(pending?.n).toBe(0);
    clock.offsetMs = 0;
  });

  it('a shutdown signal stops a pass early and gives back the events it had not started', async () => {
    await addEvents(database.db, 40, new Date());
    const controller = new AbortController();
    controller.abort();
    expect((await deliverOnce({ ...deps(), signal: controller.signal })).claimed).toBe(0);
    const [locked] = await database.db
      .select({ n: count() })
      .from(outboxEvents)
      .where(sql`${outboxEvents.lockedUntil} is not null`);
    expect(locked?.n).toBe(0);
  });

  it('delivered events and their attempts are pruned after the retention period; pending ones are kept', async () => {
    const longAgo = new Date(Date.now() - 40 * 24 * 3_600_000);
    await addEvents(database.db, 10, longAgo);
    await deliverOnce(deps());
    await database.db
      .update(outboxEvents)
      .set({ deliveredAt: longAgo })
      .where(eq(outboxEvents.status, 'delivered'));
    endpoint.setDown(true);
    await addEvents(database.db, 3, longAgo); // never delivered: kept
    await deliverOnce(deps());
    await database.db.insert(rateLimitHits).values({ key: 'old', windowStart: longAgo, count: 3 });
    const pruned = await pruneRetention(database.db, new Date(), 30);
    expect(pruned).toEqual({ deliveries: 10, events: 10, rateLimitRows: 1 });
    const [events] = await database.db.select({ n: count() }).from(outboxEvents);
    const [attempts] = await database.db.select({ n: count() }).from(outboxDeliveries);
    expect(events?.n).toBe(3);
    expect(attempts?.n).toBe(3);
    expect(await pruneRetention(database.db, new Date(), 30)).toEqual({
      deliveries: 0,
      events: 0,
      rateLimitRows: 0,
    });
  });
});
