import { describe, expect, it } from 'vitest';
import { payPix } from '../../mock-core/gateway.ts';
import { listAttempts } from './attempt-repository.ts';
import { queryRows } from '../db/query-rows.ts';
import { sql } from 'drizzle-orm';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { findSession } from '../sessions/session-repository.ts';
import { approveChallenge, eventTypes, WEBHOOK_SECRET } from '../test/lifecycle-helpers.ts';
import { CARD, cardPayment, pixPayment, threeDSPayment } from '../test/payment-bodies.ts';
import { call, createTestSession, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';

const MINUTE = 60_000;

/**
 * Issue 26, item 2 (docs/decisions/222-card-after-pix.md): a shopper with an open PIX code pays by card
 * instead. The code is withdrawn, the card is charged, and if the code is paid anyway the later of the
 * two payments is refunded by itself — the merchant never keeps two payments for one session.
 */
describe.each(DRIVERS)('card after PIX (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(
    driver,
    { policy: { refreshIntervalMs: 0 }, gatewayWebhookSecret: WEBHOOK_SECRET },
    (suite) => ({ database, gateway, t } = suite),
  );

  const pay = (id: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body });
  const refundsOf = (transactionId: number) =>
    gateway.requests.filter(
      (request) =>
        request.method === 'POST' && request.path.endsWith(`/v1/transactions/${transactionId}/refund`),
    );
  const attempts = async (sessionId: string) => {
    const rows = await listAttempts(database.db, sessionId);
    const pix = rows.find((row) => row.paymentMethod === 'pix');
    const card = rows.find((row) => row.paymentMethod === 'credit_card');
    if (!pix || !card) throw new Error('expected a PIX and a card attempt');
    return { pix, card };
  };
  const refundedEvents = async (attemptId: string) =>
    queryRows(
      database.db,
      sql`select payload from outbox_events where attempt_id = ${attemptId} and type = 'payment.refunded'`,
    );
  /** Reconciliation a minute later, then the background work it started. */
  const reconcileLater = async (minutes = 1) => {
    t.clock.offsetMs += minutes * MINUTE;
    await reconcileOnce(t.deps);
    await t.deps.background.settled();
  };

  it('the code is withdrawn, the card is charged; the code paid anyway is refunded, saying why', async () => {
    const { id } = await createTestSession(t.app);
    const code = (await pay(id, pixPayment())).json as { id: number; status: string };
    expect(code.status).toBe('waiting_payment');

    const card = await pay(id, cardPayment());
    expect(card.status).toBe(200);
    expect((card.json as { status: string }).status).toBe('paid');
    const { pix, card: charged } = await attempts(id);
    expect(pix.status).toBe('withdrawn');
    expect(charged.status).toBe('paid');
    expect(await findSession(database.db, id)).toMatchObject({
      status: 'complete',
      paidAttemptId: charged.id,
    });
    const history = await queryRows(
      database.db,
      sql`select from_status, to_status, source from payment_events where attempt_id = ${pix.id} order by id`,
    );
    expect(history.map((row) => [row.from_status, row.to_status, row.source])).toContainEqual([
      'waiting_payment',
      'withdrawn',
      'shopper',
    ]);
    // The shopper's page shows the card's payment, not the withdrawn code.
    const shown = (await call(t.app, 'GET', `/api/pay/${id}`)).json as {
      payment: { payment_method: string };
    };
    expect(shown.payment.payment_method).toBe('credit_card');

    // The shopper's bank pays the code anyway: reconciliation records it, and gives it back.
    payPix(String(code.id), Date.now());
    await reconcileLater();
    expect(refundsOf(code.id)).toHaveLength(1);
    expect(refundsOf(charged.transactionId ?? 0)).toHaveLength(0);
    const after = await attempts(id);
    expect(after.pix).toMatchObject({ status: 'pending_refund', refundReason: 'duplicate_payment' });
    // A PIX refund is money back when the gateway finishes it: then `payment.refunded`, with the reason.
    gateway.advance(4_200); // the mock's 4 s of processing
    await reconcileLater();
    await reconcileLater();
    expect((await attempts(id)).pix).toMatchObject({ status: 'refunded', refundedAmount: after.pix.amount });
    const refunded = await refundedEvents(pix.id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.payload).toMatchObject({
      data: { object: { id: pix.id, refund_reason: 'duplicate_payment', status: 'refunded' } },
    });
    // One completion (the card's), one refund POST in all, the card untouched.
    const types = await eventTypes(database.db, id);
    expect(types.filter((type) => type === 'checkout.session.completed')).toHaveLength(1);
    expect(refundsOf(code.id)).toHaveLength(1);
    expect((await attempts(id)).card).toMatchObject({ status: 'paid', refundedAmount: 0 });
  }, 30_000);

  it('the card is refused: the withdrawn code, paid later, is the session’s payment and is kept', async () => {
    const { id } = await createTestSession(t.app);
    const code = (await pay(id, pixPayment())).json as { id: number };
    const refused = await pay(id, cardPayment({ card: { ...CARD, card_number: '4000000000000002' } }));
    expect((refused.json as { status: string }).status).toBe('refused');
    // The shopper may open a code again (the withdrawn one blocks nothing), or the old one is paid:
    payPix(String(code.id), Date.now());
    await reconcileLater();
    const { pix } = await attempts(id);
    expect(pix.status).toBe('paid');
    expect(await findSession(database.db, id)).toMatchObject({ status: 'complete', paidAttemptId: pix.id });
    expect(refundsOf(code.id)).toHaveLength(0);
  });

  it('the race: the withdrawn code is paid while the card waits at the bank — the card, paid later, is refunded', async () => {
    const { id } = await createTestSession(t.app, { three_ds: 'required' });
    const code = (await pay(id, pixPayment())).json as { id: number };
    const started = (await pay(id, threeDSPayment(id))).json as {
      id: number;
      threeDSecure?: { url: string };
    };
    const token = new URL(started.threeDSecure?.url ?? 'http://x/').searchParams.get('token') ?? '';
    // The bank app pays the code while the shopper is on the bank's 3DS page.
    payPix(String(code.id), Date.now());
    await reconcileLater();
    const { pix } = await attempts(id);
    expect(pix.status).toBe('paid');
    expect(await findSession(database.db, id)).toMatchObject({ status: 'complete', paidAttemptId: pix.id });
    // The challenge is approved: the card is authorised, captured — and given back at once.
    await approveChallenge(gateway.url, token);
    await call(t.app, 'GET', `/api/pay/${id}/v1/transactions/${started.id}`);
    await t.deps.background.settled();
    expect(refundsOf(started.id)).toHaveLength(1);
    expect(refundsOf(code.id)).toHaveLength(0);
    const { card } = await attempts(id);
    expect(card).toMatchObject({ status: 'refunded', refundReason: 'duplicate_payment' });
    const refunded = await refundedEvents(card.id);
    expect(refunded[0]?.payload).toMatchObject({ data: { object: { refund_reason: 'duplicate_payment' } } });
    // Seen again (a reload, reconciliation): nothing more is sent.
    await call(t.app, 'GET', `/api/pay/${id}/v1/transactions/${started.id}`);
    await reconcileLater(10);
    expect(refundsOf(started.id)).toHaveLength(1);
  }, 30_000);
});
