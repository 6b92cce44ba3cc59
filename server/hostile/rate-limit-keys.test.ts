import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { CARD, cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';

describe.each(DRIVERS)('rate limits are keyed consistently (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    const policy = { attemptsPerAddress: { max: 3, windowMs: 60_000 } };
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url, policy });
    proxied = buildTestApp({ db: database.db, gatewayUrl: gateway.url, policy, trustProxy: 'true' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t.close(), proxied.close()]);
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
  });

  async function setupSession(customer: string): Promise<string> {
    const created = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: { reference: `setup-${customer}`, mode: 'setup', customer: { external_id: customer } },
    });
    return (created.json as { id: string }).id;
  }

  it('saving cards counts an IPv6 /64 as one subject, as payments do: rotating addresses reaches the gateway 3 times', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const sid = await setupSession(`c-${index}`);
      const result = await call(t.app, 'POST', `/api/pay/${sid}/v1/cards`, {
        body: { ...CARD, card_cvv: '739' },
        address: `2001:db8:1:2::${(index + 1).toString(16)}`,
      });
      statuses.push(result.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(gateway.requests.filter((request) => request.path === '/v1/cards')).toHaveLength(3);
  });

  it('TRUST_PROXY=true believes the nearest hop, not the leftmost X-Forwarded-For entry the client chose', async () => {
    const sessions: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
        key: TEST_KEY,
        body: {
          reference: `o-${index}`,
          items: [{ title: 'T', unit_price: 16590, quantity: 1, tangible: true }],
        },
      });
      sessions.push((created.json as { id: string }).id);
    }
    const statuses: number[] = [];
    for (const [index, sid] of sessions.entries()) {
      const result = await call(proxied.app, 'POST', `/api/pay/${sid}/v1/transactions`, {
        body: cardPayment(),
        address: '10.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${index + 1}, 198.51.100.20` },
      });
      statuses.push(result.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it('requests for unknown session ids create no rate-limit rows', async () => {
    for (let index = 0; index < 30; index += 1) {
      const sid = `cs_${String(index).padStart(22, 'x')}`;
      await call(t.app, 'POST', `/api/pay/${sid}/v1/transactions`, { body: cardPayment() });
      await call(t.app, 'POST', `/api/pay/${sid}/v1/cards`, { body: CARD });
      await call(t.app, 'POST', `/api/pay/${sid}/v1/simulate/tax`, {
        body: { brand: 'visa', installments: 1, amount: 100, fee_responsible: 'merchant' },
      });
    }
    const rows = await queryRows(t.deps.db, sql`select count(*)::int as n from rate_limit_hits`);
    expect(Number(rows[0]?.n)).toBe(0);
  }, 30_000);
});
