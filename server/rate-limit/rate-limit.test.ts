import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/checkout-session.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { hitAll } from './rate-limit.ts';

function pay(sid: string) {
  return `/api/pay/${sid}/v1/transactions`;
}

// Tampered bodies count too (card testing often starts with junk), and they reach no gateway.
const junk = cardPayment({ amount: 1 });

describe.each(BOTH_DRIVERS)('rate limits on payment attempts (%s)', (driver) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    t = buildTestApp({
      db: database.db,
      policy: {
        attemptsPerSession: { max: 3, windowMs: 15 * 60_000 },
        attemptsPerAddress: { max: 5, windowMs: 10 * 60_000 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    t.clock.offsetMs = 0;
  });

  it('per session: the 4th attempt in 15 minutes is a 429 with Retry-After, the next window is open', async () => {
    const { id } = await createTestSession(t.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await call(t.app, 'POST', pay(id), { body: junk, address: `192.0.2.${attempt}` })).status).toBe(
        400,
      );
    }
    const limited = await call(t.app, 'POST', pay(id), { body: junk, address: '192.0.2.99' });
    expect(limited.status).toBe(429);
    expect(apiErrorBodySchema.parse(limited.json).errors[0]?.type).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.offsetMs = 15 * 60_000;
    expect((await call(t.app, 'POST', pay(id), { body: junk, address: '192.0.2.100' })).status).toBe(400);
  });

  it('per address: across sessions, the 6th attempt in 10 minutes is a 429', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => createTestSession(t.app)));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const session = sessions[attempt % sessions.length];
      if (!session) throw new Error('no session');
      statuses.push(
        (await call(t.app, 'POST', pay(session.id), { body: junk, address: '203.0.113.5' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another shopper is not affected.
    expect(
      (await call(t.app, 'POST', pay(sessions[0]?.id ?? ''), { body: junk, address: '203.0.113.6' })).status,
    ).toBe(400);
  });

  it('counts in the database: concurrent hits are all counted (one upsert each)', async () => {
    const now = new Date();
    const limit = { max: 1000, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 20 }, () => hitAll(database.db, [{ key: 'k', limit }], now)));
    const verdicts = await Promise.all(
      Array.from({ length: 3 }, () =>
        hitAll(database.db, [{ key: 'k', limit: { max: 22, windowMs: 60_000 } }], now),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(2);
  });
});
