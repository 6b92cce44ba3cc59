import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';

import { forgetRememberedSessions } from '../sessions/session-repository.ts';
import { createTestLink, visitLink } from '../test/payment-link-helpers.ts';
import { newWireCounts, type WireCounts } from './wire-count.ts';

/**
 * What a payment and a session creation cost the database, counted on the driver (frontend messages of the
 * wire protocol, server/db/wire-count.ts): a card payment is two statements — the one that counts its rate
 * limits and records the attempt, the one that records the gateway's answer with its history and events —
 * each one round trip once prepared; a session is one insert (docs/decisions/145-prepared-statements-and-constant-sql.md).
 */
describe.each(BOTH_DRIVERS)('statements and round trips per request (%s)', (driver) => {
  const wire = newWireCounts();
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(driver, wire);
    gateway = await startTestGateway();
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url });
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await gateway.close();
    await database.close();
  });

  async function counted(work: () => Promise<unknown>): Promise<Omit<WireCounts, 'bytes'>> {
    const before = { ...wire };
    await work();
    return {
      statements: wire.statements - before.statements,
      roundTrips: wire.roundTrips - before.roundTrips,
    };
  }

  it('a session creation takes 1 statement in 1 round trip; a card payment at most 2 in 2', async () => {
    // Old rate-limit windows are swept by one hit in 200 at random: not in this count.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const pay = (id: string) =>
      call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    // postgres.js prepares a statement on each pooled connection the first time that connection runs it.
    for (let warm = 0; warm < 6; warm += 1) {
      const { id } = await createTestSession(t.app);
      expect((await pay(id)).status).toBe(200);
    }
    for (let run = 0; run < 5; run += 1) {
      let id = '';
      const session = await counted(async () => {
        id = (await createTestSession(t.app)).id;
      });
      expect(session).toEqual({ statements: 1, roundTrips: 1 });
      const payment = await counted(async () => expect((await pay(id)).status).toBe(200));
      expect(payment.statements).toBeLessThanOrEqual(2);
      expect(payment.roundTrips).toBeLessThanOrEqual(2);
    }
  }, 30_000);

  it('a payment on a link’s session checks the link’s state in the statements it already ran', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // Its own addresses: the other tests' payments stay within their rate limits.
    let shopper = 0;
    const pay = (id: string) =>
      call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, {
        body: cardPayment(),
        address: `203.0.113.${(shopper += 1)}`,
      });
    // BEGIN, the link's lock (its state is read from the row the lock returns), the slots' count with
    // `max_payments`, the attempt's statement, COMMIT; then the answer's statement: as many as before the
    // link's state was checked at all (decision 286). PGlite's transaction costs one more round trip.
    for (const [limit, statements] of [
      [null, 5],
      [1_000_000, 6],
    ] as const) {
      const link = await createTestLink(t.app, { max_payments: limit });
      const visit = async () =>
        (await visitLink(t.app, link.code, {}, `198.51.100.${shopper + 1}`)).sessionId ?? '';
      for (let warm = 0; warm < 6; warm += 1) expect((await pay(await visit())).status).toBe(200);
      for (let run = 0; run < 3; run += 1) {
        const id = await visit();
        const payment = await counted(async () => expect((await pay(id)).status).toBe(200));
        expect(payment.statements).toBe(statements);
        expect(payment.roundTrips).toBeLessThanOrEqual(statements + (driver === 'pglite' ? 2 : 1));
      }
    }
  }, 30_000);

  it('a payment on a session this process does not remember reads it in one more statement and round trip', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const pay = (id: string) =>
      call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    // Another instance created it, or this one restarted since.
    const unremembered = async () => {
      const { id } = await createTestSession(t.app);
      forgetRememberedSessions(database.db);
      return id;
    };
    // Prepared on each pooled connection the first time that connection runs it, as above.
    for (let warm = 0; warm < 6; warm += 1) expect((await pay(await unremembered())).status).toBe(200);
    for (let run = 0; run < 3; run += 1) {
      const id = await unremembered();
      const payment = await counted(async () => expect((await pay(id)).status).toBe(200));
      expect(payment.statements).toBeLessThanOrEqual(3);
      expect(payment.roundTrips).toBeLessThanOrEqual(3);
    }
  }, 30_000);
});
