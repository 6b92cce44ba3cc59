import { describe, expect, it } from 'vitest';
import { paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { publicSessionSchema } from '../../contract/checkout-session.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { payPix } from '../../mock-core/gateway.ts';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { listAttempts } from '../payments/attempt-repository.ts';
import { findSession } from '../sessions/session-repository.ts';
import { eventTypes } from '../test/lifecycle-helpers.ts';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { createTestLink, storedEvents, visitLink } from '../test/payment-link-helpers.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';
import { LINK_PIX_HOLD_MS } from './link-slots.ts';

const MINUTE = 60_000;

function pay(sessionId: string | undefined) {
  return `/api/pay/${sessionId ?? 'missing'}/v1/transactions`;
}

function errorType(json: unknown): string | undefined {
  return (json as { errors?: { type?: string }[] }).errors?.[0]?.type;
}

/**
 * Issue 39, item 6 (docs/decisions/286-link-state-at-payment-begin.md): a link's session is paid only while
 * the link takes payments — checked as the payment begins, in the transaction that takes its slot — and an
 * unpaid PIX code holds a slot of a limited link for LINK_PIX_HOLD_MS, not for the code's whole life.
 */
describe.each(DRIVERS)('payment links: the link’s state when a payment begins (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (suite) => ({ database, gateway, t } = suite));

  const getLink = async (id: string) =>
    paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${id}`, { key: TEST_KEY })).json,
    );
  /** What the shopper's page reads after a refused payment (decision 287). */
  const refusalShown = async (sessionId: string | undefined) =>
    publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${sessionId ?? 'missing'}`)).json)
      .payment_link_refusal;
  const refundsOf = (transactionId: number) =>
    gateway.requests.filter(
      (request) =>
        request.method === 'POST' && request.path.endsWith(`/v1/transactions/${transactionId}/refund`),
    );

  it('a session opened before the link was deactivated is refused as the payment begins: 409, nothing sent', async () => {
    const link = await createTestLink(t.app);
    const visit = await visitLink(t.app, link.code);
    const patched = await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { active: false },
    });
    expect(patched.status).toBe(200);

    for (const body of [cardPayment(), pixPayment()]) {
      const refused = await call(t.app, 'POST', pay(visit.sessionId), { body });
      expect(refused.status).toBe(409);
      expect(errorType(refused.json)).toBe('payment_link_inactive');
    }
    expect(gateway.posts()).toHaveLength(0);
    expect(await listAttempts(database.db, visit.sessionId ?? '')).toHaveLength(0);
    expect(await refusalShown(visit.sessionId)).toBe('payment_link_inactive');
    // Active again: the same session pays.
    await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, { key: TEST_KEY, body: { active: true } });
    expect(await refusalShown(visit.sessionId)).toBeUndefined();
    expect((await call(t.app, 'POST', pay(visit.sessionId), { body: cardPayment() })).status).toBe(200);
    expect(gateway.posts()).toHaveLength(1);
  });

  it('a session opened before the link expired is refused as the payment begins: 409, nothing sent', async () => {
    const link = await createTestLink(t.app, {
      expires_at: new Date(Date.now() + 10 * MINUTE).toISOString(),
    });
    const visit = await visitLink(t.app, link.code);
    // The link's expiry passes; the session (an hour) is still open.
    t.clock.offsetMs = 11 * MINUTE;
    const refused = await call(t.app, 'POST', pay(visit.sessionId), { body: cardPayment() });
    expect(refused.status).toBe(409);
    expect(errorType(refused.json)).toBe('payment_link_expired');
    expect(gateway.posts()).toHaveLength(0);
    expect(await findSession(database.db, visit.sessionId ?? '')).toMatchObject({ status: 'open' });
    expect((await getLink(link.id)).payments_count).toBe(0);
    expect(await refusalShown(visit.sessionId)).toBe('payment_link_expired');
  });

  it('an unpaid PIX code holds a single-use link for a short while only; a card then pays, and the late PIX is refunded', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    const a = await visitLink(t.app, link.code, {}, '203.0.113.1');
    const b = await visitLink(t.app, link.code, {}, '203.0.113.2');
    const c = await visitLink(t.app, link.code, {}, '203.0.113.3');
    const code = transactionSchema.parse(
      (await call(t.app, 'POST', pay(a.sessionId), { body: pixPayment(), address: '203.0.113.1' })).json,
    );
    expect(code.status).toBe('waiting_payment');

    // Within the hold, the second shopper is told the link is being paid, not that it is used up.
    t.clock.offsetMs = LINK_PIX_HOLD_MS - MINUTE;
    const held = await call(t.app, 'POST', pay(b.sessionId), { body: cardPayment(), address: '203.0.113.2' });
    expect(held.status).toBe(409);
    expect(errorType(held.json)).toBe('payment_link_held');
    expect(gateway.posts()).toHaveLength(1);
    expect(await refusalShown(b.sessionId)).toBe('payment_link_held');
    // The session holding the slot has its code to show, and is told nothing.
    expect(await refusalShown(a.sessionId)).toBeUndefined();

    // The hold is over (the code itself still runs at the gateway): the card pays and the link is used up.
    t.clock.offsetMs = LINK_PIX_HOLD_MS + MINUTE;
    const paid = await call(t.app, 'POST', pay(b.sessionId), { body: cardPayment(), address: '203.0.113.2' });
    expect(paid.status).toBe(200);
    expect(transactionSchema.parse(paid.json).status).toBe('paid');
    expect(gateway.posts()).toHaveLength(2);
    expect(await getLink(link.id)).toMatchObject({ status: 'completed', payments_count: 1 });
    // A third shopper's checkout, open since before: its page is told the link is used up.
    expect(await refusalShown(c.sessionId)).toBe('payment_link_used_up');
    expect(await refusalShown(b.sessionId)).toBeUndefined();

    // The first shopper pays the code anyway: the money is recorded and given back, the session does not
    // complete, the link keeps one payment and one completion.
    payPix(String(code.id), Date.now());
    t.clock.offsetMs += 2 * MINUTE;
    await reconcileOnce(t.deps);
    await t.deps.background.settled();
    expect(refundsOf(code.id)).toHaveLength(1);
    const [late] = await listAttempts(database.db, a.sessionId ?? '');
    expect(late).toMatchObject({ paymentMethod: 'pix', refundReason: 'duplicate_payment' });
    expect(['pending_refund', 'refunded']).toContain(late?.status);
    expect(await findSession(database.db, a.sessionId ?? '')).toMatchObject({
      status: 'open',
      paidAttemptId: null,
    });
    expect(await getLink(link.id)).toMatchObject({ status: 'completed', payments_count: 1 });
    expect(await eventTypes(database.db, a.sessionId ?? '')).not.toContain('checkout.session.completed');
    expect(await storedEvents(database.db, 'payment_link.completed')).toHaveLength(1);
    // Seen again: no second refund.
    t.clock.offsetMs += 10 * MINUTE;
    await reconcileOnce(t.deps);
    await t.deps.background.settled();
    expect(refundsOf(code.id)).toHaveLength(1);
  });

  it('a PIX code paid after its hold, while the link still has the slot, is the link’s payment and is kept', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    const a = await visitLink(t.app, link.code);
    const code = transactionSchema.parse(
      (await call(t.app, 'POST', pay(a.sessionId), { body: pixPayment() })).json,
    );
    t.clock.offsetMs = LINK_PIX_HOLD_MS + MINUTE;
    payPix(String(code.id), Date.now());
    await reconcileOnce(t.deps);
    await t.deps.background.settled();
    expect(await findSession(database.db, a.sessionId ?? '')).toMatchObject({ status: 'complete' });
    expect(refundsOf(code.id)).toHaveLength(0);
    expect(await getLink(link.id)).toMatchObject({ status: 'completed', payments_count: 1 });
  });
});
