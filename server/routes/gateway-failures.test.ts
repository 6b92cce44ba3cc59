import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  checkoutSessionSchema,
  publicSessionSchema,
} from '../../contract/checkout-session.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { paymentAttempts } from '../db/schema.ts';
import { CARD, cardPayment, ORDER_AMOUNT, pixPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type Fault, type TestGateway } from '../test/test-gateway.ts';

function pay(sid: string) {
  return `/api/pay/${sid}/v1/transactions`;
}

function errorType(json: unknown): string | undefined {
  return apiErrorBodySchema.parse(json).errors[0]?.type;
}

describe.each(DRIVERS)('when the gateway fails (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    t = buildTestApp({
      db: database.db,
      gatewayUrl: gateway.url,
      gatewayTimeoutMs: 400,
      policy: { refreshIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
  });

  async function payments(id: string) {
    const read = await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY });
    return checkoutSessionSchema.parse(read.json).payments ?? [];
  }

  async function stored(id: string) {
    return database.db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, id));
  }

  /**
   * Until the work the payment started has ended: a retry, had there been one, was sent by the request
   * before it answered or by a background task (deps.background) after, and has reached the gateway.
   */
  async function settle(): Promise<void> {
    await t.deps.background.settled();
  }

  const unknownCases: [string, Fault, number, string][] = [
    ['the connection drops after sending', 'down', 502, 'outcome_unknown'],
    ['no answer within the time-out', 'hang', 504, 'timeout'],
    ['a 500', '500', 502, 'outcome_unknown'],
    ['a 200 that is not a transaction', 'malformed-200', 502, 'outcome_unknown'],
  ];

  it.each(unknownCases)(
    '%s: a clear 5xx, the attempt unknown, exactly one POST, no second payment yet',
    async (_name, fault, status, type) => {
      const { id } = await createTestSession(t.app);
      gateway.setFault(fault);
      const result = await call(t.app, 'POST', pay(id), { body: cardPayment() });
      expect(result.status).toBe(status);
      expect(errorType(result.json)).toBe(type);
      await settle();
      expect(gateway.posts()).toHaveLength(1);
      // As recorded (the merchant's GET would already look for the transaction).
      expect(await stored(id)).toMatchObject([
        { status: 'unknown', transactionId: null, amount: ORDER_AMOUNT },
      ]);

      // While unknown, the page says so and a new payment waits: it could be a double charge.
      gateway.setFault(undefined);
      const view = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
      expect(view.payment?.status).toMatch(/^(unknown|paid)$/);
      if (view.payment?.status === 'unknown') {
        const second = await call(t.app, 'POST', pay(id), { body: cardPayment() });
        expect(second.status).toBe(409);
        expect(errorType(second.json)).toBe('payment_in_progress');
        expect(gateway.posts()).toHaveLength(1);
      }
      expect(t.logs.join('\n')).not.toContain(CARD.card_number);
    },
  );

  it('a gateway that refuses the connection: 503, nothing charged, the attempt failed', async () => {
    const down = buildTestApp({ db: database.db, gatewayTimeoutMs: 400 });
    try {
      const { id } = await createTestSession(down.app);
      const result = await call(down.app, 'POST', pay(id), { body: cardPayment() });
      expect(result.status).toBe(503);
      expect(errorType(result.json)).toBe('gateway_unavailable');
      expect(await payments(id)).toMatchObject([{ status: 'failed' }]);
    } finally {
      await down.close();
    }
  });

  it.each(['500-after-create', 'malformed-200'] as const)(
    'unknown after %s: the transaction the gateway did create is found and attached',
    async (fault) => {
      const { id } = await createTestSession(t.app);
      gateway.setFault(fault);
      expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(502);
      gateway.setFault(undefined);
      const view = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
      expect(view.payment?.status).toBe('paid');
      expect(view.status).toBe('complete');
      expect(view.payment?.transaction?.card?.card_last_digits).toBe('1111');
      const [payment] = await payments(id);
      expect(payment?.transaction_id).toBe(view.payment?.transaction?.id);
      expect(gateway.posts()).toHaveLength(1);
    },
  );

  it('a PIX charge with an unknown outcome is matched by the payer’s document', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('500-after-create');
    expect((await call(t.app, 'POST', pay(id), { body: pixPayment() })).status).toBe(502);
    gateway.setFault(undefined);
    const view = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(view.payment?.status).toBe('waiting_payment');
    expect(view.payment?.transaction?.pix_qr_code).toBeTruthy();
  });

  it('another session’s transaction of the same card and amount is never taken for ours', async () => {
    const other = await createTestSession(t.app);
    const theirs = transactionSchema.parse(
      (await call(t.app, 'POST', pay(other.id), { body: cardPayment() })).json,
    );
    const { id } = await createTestSession(t.app);
    gateway.setFault('500');
    expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(502);
    gateway.setFault(undefined);
    const view = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(view.payment?.status).toBe('unknown');
    expect(view.payment?.transaction).toBeNull();
    expect((await payments(other.id))[0]?.transaction_id).toBe(theirs.id);
  });

  it('no match after the grace period: failed_unknown, and the shopper may pay again', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('500');
    expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(502);
    gateway.setFault(undefined);
    t.clock.offsetMs = 60_000;
    expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json).payment?.status).toBe(
      'unknown',
    );
    t.clock.offsetMs = 3 * 60_000;
    expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json).payment?.status).toBe(
      'failed_unknown',
    );
    const again = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    expect(again.status).toBe(200);
    expect((await payments(id)).map((payment) => payment.status)).toEqual(['failed_unknown', 'paid']);
  });

  it('an attempt left `sending` by a process that died becomes unknown, then is resolved', async () => {
    const { id } = await createTestSession(t.app);
    const past = new Date(Date.now() - 3 * 60_000);
    await database.db.insert(paymentAttempts).values({
      id: 'pa_crashedcrashedcrashed',
      sessionId: id,
      paymentMethod: 'credit_card',
      amount: ORDER_AMOUNT,
      installments: 1,
      status: 'sending',
      cardLast4: '1111',
      createdAt: past,
      updatedAt: past,
    });
    const blocked = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    // Stale `sending` → unknown → nothing at the gateway after the grace period → the shopper may pay.
    expect(blocked.status).toBe(200);
    expect((await payments(id)).map((payment) => payment.status)).toEqual(['failed_unknown', 'paid']);
  });

  it('a read the gateway cannot answer is a clear 502/504, and the recorded status stays', async () => {
    const { id } = await createTestSession(t.app);
    const paid = transactionSchema.parse((await call(t.app, 'POST', pay(id), { body: cardPayment() })).json);
    await gateway.close();
    try {
      const read = await call(t.app, 'GET', `${pay(id)}/${paid.id}`);
      expect([502, 504]).toContain(read.status);
      expect((await payments(id))[0]?.status).toBe('paid');
    } finally {
      gateway = await startTestGateway();
    }
  });
});
