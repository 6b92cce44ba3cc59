import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { sendGatewayWebhook, WEBHOOK_SECRET } from '../test/lifecycle-helpers.ts';
import { cardPayment, ORDER_AMOUNT } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';

describe.each(DRIVERS)('every endpoint that costs a gateway call is metered (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  let unsigned: TestApp;
  let noSecret: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    const options = {
      db: database.db,
      gatewayUrl: gateway.url,
      policy: {
        refreshIntervalMs: 0,
        forcedReadIntervalMs: 30_000,
        simulationsPerSession: { max: 50, windowMs: 10 * 60_000 },
      },
    };
    t = buildTestApp({ ...options, gatewayWebhookSecret: WEBHOOK_SECRET });
    noSecret = buildTestApp(options);
    unsigned = buildTestApp({ ...options, allowUnsignedWebhooks: true });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t.close(), noSecret.close(), unsigned.close()]);
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
  });

  const simulations = () => gateway.requests.filter((request) => request.path === '/v1/simulate/tax');
  const reads = (id: number) =>
    gateway.requests.filter((request) => request.path === `/v1/transactions/${id}`);

  it("the shopper's fee simulation: limited per session, cached per (brand, installments, amount), refused once closed", async () => {
    const { id } = await createTestSession(t.app, { max_installments: 12 });
    const statuses: number[] = [];
    for (let index = 0; index < 80; index += 1) {
      const result = await call(t.app, 'POST', `/api/pay/${id}/v1/simulate/tax`, {
        body: {
          brand: 'visa',
          installments: (index % 12) + 1,
          amount: ORDER_AMOUNT,
          fee_responsible: 'merchant',
        },
      });
      statuses.push(result.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    // Twelve different questions: twelve gateway calls, however often they were asked.
    expect(simulations()).toHaveLength(12);

    const expired = await createTestSession(t.app);
    await call(t.app, 'POST', `/api/v1/checkout-sessions/${expired.id}/expire`, { key: TEST_KEY });
    const refused = await call(t.app, 'POST', `/api/pay/${expired.id}/v1/simulate/tax`, {
      body: { brand: 'mastercard', installments: 2, amount: ORDER_AMOUNT, fee_responsible: 'merchant' },
    });
    expect(refused.status).toBe(410);
    const paid = await createTestSession(t.app);
    expect(
      (await call(t.app, 'POST', `/api/pay/${paid.id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
    const complete = await call(t.app, 'POST', `/api/pay/${paid.id}/v1/simulate/tax`, {
      body: { brand: 'mastercard', installments: 2, amount: ORDER_AMOUNT, fee_responsible: 'merchant' },
    });
    expect(complete.status).toBe(409);
    expect(simulations()).toHaveLength(12);
  }, 30_000);

  it("the merchant's fee simulation is cached too", async () => {
    for (let index = 0; index < 20; index += 1) {
      const result = await call(t.app, 'POST', '/api/v1/simulate/tax', {
        body: { brand: 'elo', installments: 3, amount: 123_456, fee_responsible: 'customer' },
      });
      expect(result.status).toBe(200);
    }
    expect(simulations()).toHaveLength(1);
  });

  it('forced transaction reads call the gateway at most once per interval', async () => {
    const { id } = await createTestSession(t.app);
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    const transactionId = (paid.json as { id: number }).id;
    gateway.clearRequests();
    for (let index = 0; index < 100; index += 1) {
      const read = await call(t.app, 'GET', `/api/pay/${id}/v1/transactions/${transactionId}`);
      expect(read.status).toBe(200);
      expect(read.json).toMatchObject({ id: transactionId, status: 'paid' });
    }
    expect(reads(transactionId)).toHaveLength(0);
    t.clock.offsetMs += 31_000;
    await call(t.app, 'GET', `/api/pay/${id}/v1/transactions/${transactionId}`);
    expect(reads(transactionId)).toHaveLength(1);
  }, 30_000);

  it('unsigned gateway webhooks are refused unless allowed for development; a replayed one does no work again', async () => {
    const { id } = await createTestSession(t.app);
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    const transactionId = (paid.json as { id: number }).id;
    const body = JSON.stringify({ id: transactionId });
    gateway.clearRequests();

    const refused = await sendGatewayWebhook(noSecret, body, { signature: false });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ errors: [{ type: 'signature_not_configured' }] });
    expect(reads(transactionId)).toHaveLength(0);

    unsigned.clock.offsetMs = 40_000;
    expect((await sendGatewayWebhook(unsigned, body, { signature: false })).status).toBe(200);
    expect(reads(transactionId)).toHaveLength(1);

    t.clock.offsetMs = 80_000;
    const at = Math.floor(t.deps.now().getTime() / 1000);
    const first = await sendGatewayWebhook(t, body, { at });
    expect(first.status).toBe(200);
    expect(reads(transactionId)).toHaveLength(2);
    const replayed = await sendGatewayWebhook(t, body, { at });
    expect(replayed.status).toBe(200);
    t.clock.offsetMs = 200_000;
    const replayedLater = await sendGatewayWebhook(t, body, { at });
    expect(replayedLater.status).toBe(200);
    expect(reads(transactionId)).toHaveLength(2);
    // A burst of distinct authentic webhooks for one payment, read lately: answered, left to reconciliation.
    t.clock.offsetMs = 81_000;
    for (let second = 1; second <= 20; second += 1)
      expect((await sendGatewayWebhook(t, body, { at: at + second })).status).toBe(200);
    expect(reads(transactionId)).toHaveLength(2);
    const replays = await queryRows(
      t.deps.db,
      sql`select count(*)::int as n from rate_limit_hits where key like 'gateway-webhook:%'`,
    );
    expect(Number(replays[0]?.n)).toBe(21);
  });
});
