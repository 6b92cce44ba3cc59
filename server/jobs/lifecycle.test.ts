import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantPaymentSchema } from '../../contract/merchant-events.ts';
import { payPix } from '../../mock-core/gateway.ts';
import { createMockWebhooks, type MockWebhooks } from '../mock-gateway/mock-webhooks.ts';
import { beginAttempt } from '../payments/begin-attempt.ts';
import { beginOperation } from '../payments/begin-operation.ts';
import { withAttemptReference } from '../payments/attempt-reference.ts';
import { paymentOperations } from '../db/schema.ts';
import { recordFirstAnswer, recordTransaction } from '../payments/record-transaction.ts';
import { findSession } from '../sessions/session-repository.ts';
import {
  approveChallenge,
  attemptOf,
  eventTypes,
  sendGatewayWebhook,
  startThreeDS,
  WEBHOOK_SECRET,
} from '../test/lifecycle-helpers.ts';
import { CARD, cardPayment, ORDER_AMOUNT, pixPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import { signatureHeader } from '../events/sign.ts';
import { expireSessions } from './lifecycle-sweeps.ts';
import { reconcileOnce } from './reconcile.ts';

const MINUTE = 60_000;

describe.each(BOTH_DRIVERS)('payment lifecycle (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  /** A second "instance" on the same database and gateway. */
  let other: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    const options = {
      db: database.db,
      gatewayUrl: gateway.url,
      policy: { refreshIntervalMs: 0 },
      gatewayWebhookSecret: WEBHOOK_SECRET,
    };
    t = buildTestApp(options);
    other = buildTestApp(options);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await other.close();
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
    other.clock.offsetMs = 0;
  });

  const captures = () => gateway.requests.filter((request) => request.path.endsWith('/capture'));
  const merchant = (path: string, options: Parameters<typeof call>[3] = {}) =>
    call(t.app, options.body === undefined && !options.headers ? 'GET' : 'POST', path, {
      key: TEST_KEY,
      ...options,
    });

  it('3DS ends captured: two instances see the authorisation at once, one capture is sent', async () => {
    const { sessionId, transactionId, token } = await startThreeDS(t.app);
    await approveChallenge(gateway.url, token);
    await Promise.all([
      call(t.app, 'GET', `/api/pay/${sessionId}/v1/transactions/${transactionId}`),
      call(other.app, 'GET', `/api/pay/${sessionId}/v1/transactions/${transactionId}`),
      sendGatewayWebhook(other, JSON.stringify({ id: transactionId })),
    ]);
    expect(captures()).toHaveLength(1);
    const attempt = await attemptOf(database.db, sessionId);
    expect(attempt.status).toBe('paid');
    expect(attempt.capturedAmount).toBe(ORDER_AMOUNT);
    expect(await eventTypes(database.db, sessionId)).toEqual(
      expect.arrayContaining([
        'payment.authorized',
        'payment.captured',
        'payment.succeeded',
        'checkout.session.completed',
      ]),
    );
    expect(
      (await eventTypes(database.db, sessionId)).filter((type) => type === 'payment.succeeded'),
    ).toHaveLength(1);
  });

  it('manual capture: partial capture and partial refunds add up, never more than authorised or captured', async () => {
    const { sessionId, token } = await startThreeDS(t.app, { capture: 'manual' });
    await approveChallenge(gateway.url, token);
    await call(t.app, 'GET', `/api/pay/${sessionId}`);
    const attempt = await attemptOf(database.db, sessionId);
    expect(attempt.status).toBe('authorized');
    expect(captures()).toHaveLength(0);
    expect(attempt.captureDeadlineAt?.getTime()).toBe(
      (attempt.authorizedAt?.getTime() ?? 0) + 5 * 24 * 60 * MINUTE,
    );

    const base = `/api/v1/payments/${attempt.id}`;
    const tooMuch = await merchant(`${base}/capture`, { body: { amount: ORDER_AMOUNT + 1 } });
    expect(tooMuch.status).toBe(400);
    const captured = await merchant(`${base}/capture`, {
      body: { amount: 10_000 },
      headers: { 'idempotency-key': 'cap-1' },
    });
    expect(captured.status).toBe(200);
    const replay = await merchant(`${base}/capture`, {
      body: { amount: 10_000 },
      headers: { 'idempotency-key': 'cap-1' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(captures()).toHaveLength(1);
    expect((await merchant(`${base}/capture`, { body: {} })).status).toBe(409);

    expect((await merchant(`${base}/refund`, { body: { amount: 100 } })).status).toBe(400); // no key
    expect(
      (await merchant(`${base}/refund`, { body: { amount: 3_000 }, headers: { 'idempotency-key': 'r1' } }))
        .status,
    ).toBe(200);
    expect(
      (await merchant(`${base}/refund`, { body: { amount: 3_000 }, headers: { 'idempotency-key': 'r1' } }))
        .status,
    ).toBe(200);
    expect(
      (await merchant(`${base}/refund`, { body: { amount: 2_000 }, headers: { 'idempotency-key': 'r2' } }))
        .status,
    ).toBe(200);
    const over = await merchant(`${base}/refund`, {
      body: { amount: 5_001 },
      headers: { 'idempotency-key': 'r3' },
    });
    expect(over.status).toBe(400);
    expect(gateway.requests.filter((request) => request.path.endsWith('/refund'))).toHaveLength(2);

    const payment = merchantPaymentSchema.parse((await merchant(base)).json);
    expect(payment).toMatchObject({
      status: 'paid',
      authorized_amount: ORDER_AMOUNT,
      captured_amount: 10_000,
      refunded_amount: 5_000,
    });
    const detail = (await merchant(base)).json as { history: { to: string }[]; gateway_history: unknown[] };
    expect(detail.history.map((entry) => entry.to)).toEqual([
      'processing',
      'authorized',
      'paid',
      'paid',
      'paid',
    ]);
    expect(detail.gateway_history.length).toBeGreaterThanOrEqual(4);
    const rest = await merchant(`${base}/refund`, { body: {}, headers: { 'idempotency-key': 'r4' } });
    expect(rest.json).toMatchObject({ amount: 5_000, status: 'succeeded' });
    expect((await attemptOf(database.db, sessionId)).status).toBe('refunded');
    const types = await eventTypes(database.db, sessionId);
    expect(types.filter((type) => type === 'payment.refunded')).toHaveLength(3);
    expect(types).toContain('payment.captured');
  });

  it('gateway webhooks: the body status is not believed; duplicates and late ones change nothing', async () => {
    const { id } = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    // A forged "paid": the gateway still says waiting_payment.
    await sendGatewayWebhook(
      t,
      JSON.stringify({ type: 'transaction.paid', data: { id: created.id, status: 'paid' } }),
    );
    expect((await attemptOf(database.db, id)).status).toBe('waiting_payment');

    payPix(String(created.id), Date.now());
    const body = JSON.stringify({ data: { id: created.id, status: 'paid' } });
    const answers = await Promise.all([
      sendGatewayWebhook(t, body),
      sendGatewayWebhook(other, body),
      sendGatewayWebhook(t, body),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // A late webhook saying waiting_payment (out of order): re-read, still paid.
    await sendGatewayWebhook(t, `transaction_id=${created.id}&status=waiting_payment`, {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect((await attemptOf(database.db, id)).status).toBe('paid');
    expect(await eventTypes(database.db, id)).toEqual([
      'pix.created',
      'checkout.session.completed',
      'payment.succeeded',
    ]);
  });

  it('gateway webhooks are answered before the re-read: a hanging gateway does not hold the answer', async () => {
    const { id } = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    gateway.setFault('slow-reads');
    const answer = await call(t.app, 'POST', '/api/webhooks/gateway', {
      rawBody: JSON.stringify({ id: created.id }),
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signatureHeader(
          WEBHOOK_SECRET,
          JSON.stringify({ id: created.id }),
          Math.floor(Date.now() / 1000),
        ),
      },
    });
    // Answered while the gateway still holds the re-read.
    expect(answer.status).toBe(200);
    // Durable before the answer: the payment is due for reconciliation even if the re-read never ends.
    expect((await attemptOf(database.db, id)).nextCheckAt?.getTime()).toBeLessThanOrEqual(Date.now());
    // The re-read reaches the gateway and is still held there: the answer did not wait for it.
    await expect.poll(() => gateway.inFlight()).toBe(1);
    gateway.release('reads');
    await t.deps.background.settled();
    expect(
      gateway.requests.filter((request) => request.path === `/v1/transactions/${created.id}`),
    ).toHaveLength(1);
  });

  it('gateway webhooks: a forged or stale signature is a 401; an unknown transaction a logged 200', async () => {
    const body = JSON.stringify({ id: 424242 });
    expect((await sendGatewayWebhook(t, body, { secret: 'not-the-secret-at-all' })).status).toBe(401);
    expect((await sendGatewayWebhook(t, body, { at: Math.floor(Date.now() / 1000) - 301 })).status).toBe(401);
    expect((await sendGatewayWebhook(t, body, { signature: false })).status).toBe(401);
    const unknown = await sendGatewayWebhook(t, body);
    expect(unknown.status).toBe(200);
    expect(t.logs.some((line) => line.includes('unknown transaction') && line.includes('424242'))).toBe(true);
    expect((await sendGatewayWebhook(t, JSON.stringify({ hello: 'world' }))).status).toBe(400);
  });

  it('every webhook dropped, the tab closed: a PIX paid later ends as events through reconciliation', async () => {
    const { id } = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    expect((await reconcileOnce(t.deps)).checked).toBe(0); // not due yet
    payPix(String(created.id), Date.now());
    t.clock.offsetMs = MINUTE;
    expect((await reconcileOnce(t.deps)).checked).toBe(1);
    const attempt = await attemptOf(database.db, id);
    expect(attempt.status).toBe('paid');
    expect(attempt.nextCheckAt).toBeNull();
    expect(await eventTypes(database.db, id)).toEqual([
      'pix.created',
      'checkout.session.completed',
      'payment.succeeded',
    ]);
  });

  it('expiry waits for a payment that may still take money: 409 naming it, no sweep, never expired then completed', async () => {
    const pix = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${pix.id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    const refused = await merchant(`/api/v1/checkout-sessions/${pix.id}/expire`, { headers: {} });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      errors: [{ type: 'payment_in_progress', parameter_name: 'payment' }],
    });
    expect(JSON.stringify(refused.json)).toContain((await attemptOf(database.db, pix.id)).id);

    // Past expires_at with the code still payable: the sweep leaves the session alone.
    t.clock.offsetMs = 2 * 60 * MINUTE;
    expect(await expireSessions(t.deps)).toBe(0);
    payPix(String(created.id), Date.now());
    t.clock.offsetMs = 0;
    const after = await merchant(`/api/v1/checkout-sessions/${pix.id}`);
    expect((after.json as { status: string }).status).toBe('complete');
    t.clock.offsetMs = 2 * 60 * MINUTE;
    expect(await expireSessions(t.deps)).toBe(0);
    const types = await eventTypes(database.db, pix.id);
    expect(types).toContain('checkout.session.completed');
    expect(types).not.toContain('checkout.session.expired');

    // A card still processing is refused alike; once the PIX code expired at the gateway, expiry goes through.
    t.clock.offsetMs = 0;
    const card = await createTestSession(t.app);
    await call(t.app, 'POST', `/api/pay/${card.id}/v1/transactions`, {
      body: cardPayment({ card: { ...CARD, card_number: '4000000000000119' } }),
    });
    expect((await merchant(`/api/v1/checkout-sessions/${card.id}/expire`, { headers: {} })).status).toBe(409);
    const late = await createTestSession(t.app);
    const code = (await call(t.app, 'POST', `/api/pay/${late.id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    const { expirePixNow } = await import('../../mock-core/gateway.ts');
    expirePixNow(String(code.id), Date.now());
    expect((await merchant(`/api/v1/checkout-sessions/${late.id}/expire`, { headers: {} })).status).toBe(200);
    expect(await eventTypes(database.db, late.id)).toEqual([
      'pix.created',
      'pix.expired',
      'checkout.session.expired',
    ]);
  });

  it('a processing card settles by reconciliation; a PIX left unpaid ends as pix.expired', async () => {
    const card = await createTestSession(t.app);
    await call(t.app, 'POST', `/api/pay/${card.id}/v1/transactions`, {
      body: cardPayment({ card: { ...CARD, card_number: '4000000000000119' } }),
    });
    const pix = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${pix.id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    gateway.advance(4_200); // the mock's 4 s of processing
    const { expirePixNow } = await import('../../mock-core/gateway.ts');
    expirePixNow(String(created.id), Date.now());
    t.clock.offsetMs = MINUTE;
    await reconcileOnce(t.deps);
    expect((await attemptOf(database.db, card.id)).status).toBe('paid');
    expect((await attemptOf(database.db, pix.id)).status).toBe('canceled');
    expect(await eventTypes(database.db, pix.id)).toEqual(['pix.created', 'pix.expired']);
  }, 15_000);

  it('a crash between the gateway’s answer and our write: reconciliation attaches the paid transaction', async () => {
    const { id } = await createTestSession(t.app);
    const now = t.deps.now();
    await beginAttempt(
      database.db,
      {
        id: 'pa_crashcrashcrashcrash01',
        sessionId: id,
        paymentMethod: 'credit_card',
        amount: ORDER_AMOUNT,
        installments: 1,
        cardLast4: CARD.card_number.slice(-4),
        customerDocument: null,
      },
      now,
    );
    // The gateway charged (the request carried the attempt's id, as ours do); this process died before
    // recording it.
    const charged = await t.gateway.createTransaction(
      withAttemptReference(cardPayment() as never, 'pa_crashcrashcrashcrash01', []),
    );
    expect(charged.data.status).toBe('paid');
    t.clock.offsetMs = 3 * MINUTE;
    await reconcileOnce(t.deps); // sending → unknown → matched
    const attempt = await attemptOf(database.db, id);
    expect(attempt).toMatchObject({ status: 'paid', transactionId: charged.data.id });
    expect(await eventTypes(database.db, id)).toEqual(['checkout.session.completed', 'payment.succeeded']);
  });

  it('a PIX refund is announced when the gateway finishes it, not while it is pending', async () => {
    const { id } = await createTestSession(t.app);
    const created = (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: pixPayment() }))
      .json as { id: number };
    payPix(String(created.id), Date.now());
    await call(t.app, 'GET', `/api/pay/${id}/v1/transactions/${created.id}`);
    const paid = await attemptOf(database.db, id);
    expect(paid.status).toBe('paid');
    const refund = await merchant(`/api/v1/payments/${paid.id}/refund`, {
      body: { amount: 5_000 },
      headers: { 'idempotency-key': 'pix-refund' },
    });
    expect(refund.status).toBe(200);
    expect(await attemptOf(database.db, id)).toMatchObject({ status: 'pending_refund', refundedAmount: 0 });
    expect(await eventTypes(database.db, id)).not.toContain('payment.refunded');
    // Nothing more may be refunded than what is not already on its way back.
    const over = await merchant(`/api/v1/payments/${paid.id}/refund`, {
      body: { amount: ORDER_AMOUNT - 5_000 + 1 },
      headers: { 'idempotency-key': 'pix-refund-2' },
    });
    expect(over.status).toBe(400);
    gateway.advance(4_200); // the mock's 4 s of processing
    t.clock.offsetMs = MINUTE;
    await reconcileOnce(t.deps);
    expect(await attemptOf(database.db, id)).toMatchObject({ status: 'paid', refundedAmount: 5_000 });
    expect((await eventTypes(database.db, id)).filter((type) => type === 'payment.refunded')).toHaveLength(1);
  }, 15_000);

  it('a refund whose process died after the POST: reconciliation finds it applied and announces it', async () => {
    const created = await createTestSession(t.app);
    expect(
      (await call(t.app, 'POST', `/api/pay/${created.id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
    const paid = await attemptOf(database.db, created.id);
    expect(paid).toMatchObject({ status: 'paid', nextCheckAt: null });
    const begun = await beginOperation(
      database.db,
      { attemptId: paid.id, kind: 'refund', amount: 4_000, idempotencyKey: 'crash-refund' },
      t.deps.now(),
    );
    if (begun.kind !== 'started') throw new Error(`the refund did not begin: ${begun.kind}`);
    // The gateway refunded; this process died before recording anything.
    await t.gateway.refundTransaction(paid.transactionId ?? 0, 4_000);
    await reconcileOnce(t.deps);
    expect((await attemptOf(database.db, created.id)).refundedAmount).toBe(0); // too fresh: may be on the wire
    t.clock.offsetMs = 3 * MINUTE;
    await reconcileOnce(t.deps);
    expect(await attemptOf(database.db, created.id)).toMatchObject({
      refundedAmount: 4_000,
      nextCheckAt: null,
    });
    const [operation] = await database.db.select().from(paymentOperations);
    expect(operation).toMatchObject({ status: 'succeeded' });
    expect(await eventTypes(database.db, created.id)).toContain('payment.refunded');
    expect(gateway.requests.filter((request) => request.path.endsWith('/refund'))).toHaveLength(1);
  });

  it('a webhook recorded between the gateway’s answer and ours: the first answer changes nothing twice', async () => {
    const { id } = await createTestSession(t.app);
    const session = await findSession(database.db, id);
    if (!session) throw new Error('the session was not created');
    const now = t.deps.now();
    const begun = await beginAttempt(
      database.db,
      {
        id: 'pa_racewebhookracewebho01',
        sessionId: id,
        paymentMethod: 'credit_card',
        amount: ORDER_AMOUNT,
        installments: 1,
        cardLast4: CARD.card_number.slice(-4),
        customerDocument: null,
      },
      now,
    );
    if (begun.kind !== 'started') throw new Error(`the attempt did not begin: ${begun.kind}`);
    const charged = await t.gateway.createTransaction(cardPayment() as never);
    // The webhook's read lands first (another instance); then this instance records the POST's answer.
    expect(
      await recordTransaction(database.db, begun.row.id, charged.data, now, {
        publicUrl: t.deps.publicUrl,
        source: 'webhook',
      }),
    ).toBe(true);
    await recordFirstAnswer(database.db, begun.row, session, charged.data, now, t.deps.publicUrl);
    expect(await attemptOf(database.db, id)).toMatchObject({
      status: 'paid',
      transactionId: charged.data.id,
    });
    expect(await eventTypes(database.db, id)).toEqual(['checkout.session.completed', 'payment.succeeded']);
    const history = await database.db.execute(
      sql`select source from payment_events where attempt_id = ${begun.row.id}`,
    );
    expect(JSON.stringify(history)).toContain('webhook');
    expect(JSON.stringify(history)).not.toContain('"payment"');
  });

  it('the mock gateway’s own webhooks (duplicated, reordered, delayed) complete a 3DS payment with no shopper read', async () => {
    const hooks: MockWebhooks = createMockWebhooks({
      url: 'http://in-process/api/webhooks/gateway',
      secret: WEBHOOK_SECRET,
      send: async (_url, body, headers) => {
        await call(t.app, 'POST', '/api/webhooks/gateway', { rawBody: body, headers });
        await t.deps.background.settled();
      },
    });
    try {
      Object.assign(hooks.settings, { duplicate: true, reorder: true, delayMs: 20 });
      const { sessionId, token } = await startThreeDS(t.app);
      await approveChallenge(gateway.url, token); // held (reorder)
      const second = await startThreeDS(t.app);
      await approveChallenge(gateway.url, second.token); // releases both, swapped, each twice
      await hooks.flush();
      await hooks.flush();
      for (const session of [sessionId, second.sessionId]) {
        expect((await attemptOf(database.db, session)).status).toBe('paid');
      }
      expect(captures()).toHaveLength(2);
    } finally {
      hooks.dispose();
    }
  });

  it('payments list: filters and cursor pagination', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { id } = await createTestSession(t.app, { reference: `order-${index}` });
      await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
      ids.push(id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: unknown } = await merchant(
        `/api/v1/payments?limit=2&status=paid${cursor ? `&starting_after=${cursor}` : ''}`,
      );
      const list = page.json as { data: { session_id: string }[]; next_cursor: string | null };
      seen.push(...list.data.map((payment) => payment.session_id));
      cursor = list.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
    const one = (await merchant(`/api/v1/payments?session=${ids[0] ?? ''}`)).json as { data: unknown[] };
    expect(one.data).toHaveLength(1);
    const none = (
      await merchant(
        `/api/v1/payments?created_gte=${encodeURIComponent(new Date(Date.now() + MINUTE).toISOString())}`,
      )
    ).json as { data: unknown[] };
    expect(none.data).toHaveLength(0);
    expect((await call(t.app, 'GET', '/api/v1/payments')).status).toBe(401);
  });

  it('capture deadline: the merchant is warned once, a day before', async () => {
    const { sessionId, token } = await startThreeDS(t.app, { capture: 'manual' });
    await approveChallenge(gateway.url, token);
    await call(t.app, 'GET', `/api/pay/${sessionId}`);
    const { warnCaptureDeadlines } = await import('./lifecycle-sweeps.ts');
    expect(await warnCaptureDeadlines(t.deps)).toBe(0);
    t.clock.offsetMs = 4 * 24 * 60 * MINUTE + MINUTE;
    expect(await warnCaptureDeadlines(t.deps)).toBe(1);
    expect(await warnCaptureDeadlines(t.deps)).toBe(0);
    expect(await eventTypes(database.db, sessionId)).toContain('payment.capture_deadline_approaching');
    await database.db.execute(sql`select 1`);
  });
});
