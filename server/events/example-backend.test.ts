import { spawn, type ChildProcess } from 'node:child_process';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { outboxEvents } from '../db/schema.ts';
import { CARD } from '../test/payment-bodies.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { freePort } from '../test/free-port.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import { signatureHeader } from './sign.ts';
import { cardRequestSample } from '../../contract/testing/samples.ts';

const SECRET = 'whsec_example_0123456789';

/**
 * examples/merchant-backend.mjs, run as a merchant would run it, against this server: it creates its
 * session, we pay and refund it, and its events reach it out of order and twice. The shop must end with
 * what really happened — paid on `payment.succeeded` only, and never moved back by an older event.
 */
// One driver: the test is about the example's rules, the database paths are covered elsewhere.
describe.each(['pglite'] as const)('the example shop backend (%s)', (driver) => {
  let checkoutPort = 0;
  let shopPort = 0;
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  let server: ServerType;
  let shop: ChildProcess;
  let sessionId = '';
  let reference = '';

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    t = buildTestApp({ db: database.db, gatewayUrl: gateway.url });
    // Ports the system hands out: a previous run's processes may still hold fixed ones for a moment.
    await new Promise<void>((resolve, reject) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        checkoutPort = info.port;
        resolve();
      });
      server.once('error', reject);
    });
  }, 60_000);
  afterEach(() => {
    shop.kill();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
    await gateway.close();
    await database.close();
  });

  /** Runs the example as a merchant would; it creates its own session and prints the shopper's link. */
  async function startShop(): Promise<void> {
    shopPort = await freePort();
    shop = spawn(process.execPath, ['examples/merchant-backend.mjs'], {
      env: {
        ...process.env,
        CHECKOUT_URL: `http://127.0.0.1:${checkoutPort}`,
        CHECKOUT_SECRET_KEY: TEST_KEY,
        MERCHANT_WEBHOOK_SECRET: SECRET,
        PORT: String(shopPort),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      shop.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Up to the end of the line: a chunk may end in the middle of the id. Session ids are base64url: they
        // may hold '-' (an id with one never matched `\w+`, which looked like a hang: "no session within 30 s").
        const found = /Order (\S+) .*\n\s+\S+\/pay\/(cs_[\w-]+)\n/.exec(output);
        if (found?.[1] && found[2]) {
          [reference, sessionId] = [found[1], found[2]];
          resolve();
        }
      });
      shop.on('exit', (code) => reject(new Error(`the example exited (${code}): ${output}`)));
      setTimeout(() => reject(new Error(`the example printed no session within 30 s: ${output}`)), 30_000);
    });
  }

  /** The session's events as the delivery job would send them, signed now. */
  async function eventsOf(): Promise<Map<string, string>> {
    const rows = await database.db.select().from(outboxEvents).where(eq(outboxEvents.sessionId, sessionId));
    return new Map(rows.map((row) => [row.type, JSON.stringify(row.payload)]));
  }
  async function deliver(body: string | undefined): Promise<void> {
    if (body === undefined) throw new Error('no such event');
    const response = await fetch(`http://127.0.0.1:${shopPort}/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'checkout-signature': signatureHeader(SECRET, body, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    expect(response.status).toBe(200);
  }
  async function orderStatus(): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${shopPort}/orders/${reference}`);
    return ((await response.json()) as { status: string }).status;
  }

  it(
    'marks paid on payment.succeeded only, and an older event never moves the order back',
    { timeout: 120_000 },
    async () => {
      await startShop();
      const items = [{ title: 'Camiseta', unit_price: 5990, quantity: 2, tangible: true }];
      const paid = await call(t.app, 'POST', `/api/pay/${sessionId}/v1/transactions`, {
        body: {
          payment_method: 'credit_card',
          amount: 13480,
          async: false,
          capture: true,
          installments: 1,
          card: CARD,
          billing: cardRequestSample.billing,
          items,
        },
      });
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(transactionSchema.parse(paid.json).status).toBe('paid');
      const afterPayment = await eventsOf();

      // The session's completion alone marks nothing (with manual capture it means money reserved only).
      await deliver(afterPayment.get('checkout.session.completed'));
      expect(await orderStatus()).toBe('awaiting payment');

      const payments = await call(t.app, 'GET', `/api/v1/payments?session_id=${sessionId}`, {
        key: TEST_KEY,
      });
      const paymentId = (payments.json as { data: { id: string }[] }).data[0]?.id ?? '';
      const refund = await call(t.app, 'POST', `/api/v1/payments/${paymentId}/refund`, {
        key: TEST_KEY,
        headers: { 'idempotency-key': 'refund-example-1' },
        body: { amount: 5000 },
      });
      expect(refund.status, JSON.stringify(refund.json)).toBe(200);
      const all = await eventsOf();

      // Out of order, and twice: the refund first, then the older success.
      await deliver(all.get('payment.refunded'));
      await deliver(all.get('payment.succeeded'));
      await deliver(all.get('payment.succeeded'));
      expect(await orderStatus()).toBe('refunded 5000 of 13480');
    },
  );
});
