import { beforeEach, describe, expect, it } from 'vitest';
import { paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { expirePixNow } from '../../mock-core/gateway.ts';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { call, parameterNames, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';
import { createTestLink, linkPage, storedEvents, visitLink } from '../test/payment-link-helpers.ts';

function pay(sessionId: string | undefined) {
  return `/api/pay/${sessionId ?? 'missing'}/v1/transactions`;
}

describe.each(DRIVERS)('payment links: max_payments, enforced as a payment begins (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let t: TestApp;

  // The race runs shoppers from distinct addresses at once: no rate limit in the way.
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (suite) => ({ database, gateway, t } = suite));
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
  });

  const getLink = async (id: string) =>
    paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${id}`, { key: TEST_KEY })).json,
    );

  it('a single-use link: the first shopper pays, the second is refused before any gateway call, the page says used', async () => {
    const link = await createTestLink(t.app, { max_payments: 1, inactive_message: 'Vendido! Obrigado.' });
    const a = await visitLink(t.app, link.code, {}, '203.0.113.1');
    const b = await visitLink(t.app, link.code, {}, '203.0.113.2');
    expect((await call(t.app, 'POST', pay(a.sessionId), { body: cardPayment() })).status).toBe(200);
    const refused = await call(t.app, 'POST', pay(b.sessionId), {
      body: cardPayment(),
      address: '203.0.113.2',
    });
    expect(refused.status).toBe(409);
    expect(parameterNames(refused.json)).toEqual([null]);
    expect((refused.json as { errors: { type: string }[] }).errors[0]?.type).toBe('payment_link_used_up');
    expect(gateway.posts()).toHaveLength(1);

    expect(await getLink(link.id)).toMatchObject({
      status: 'completed',
      payments_count: 1,
      amount_collected: 16590,
    });
    const completed = await storedEvents(database.db, 'payment_link.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.payload.data.object).toMatchObject({
      id: link.id,
      status: 'completed',
      payments_count: 1,
    });
    // A new visitor meets the merchant's message, not a form.
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.html).toContain('Este link de pagamento já foi usado');
    expect(page.html).toContain('Vendido! Obrigado.');
    expect((await visitLink(t.app, link.code)).sessionId).toBeUndefined();
  });

  it('the last slot, two shoppers at the same instant: exactly one reaches the gateway and pays', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    const visits = await Promise.all(
      [1, 2, 3, 4].map((n) => visitLink(t.app, link.code, {}, `203.0.113.${n}`)),
    );
    const results = await Promise.all(
      visits.map((visit, index) =>
        call(t.app, 'POST', pay(visit.sessionId), { body: cardPayment(), address: `203.0.113.${index + 1}` }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409]);
    expect(gateway.posts()).toHaveLength(1);
    expect(await getLink(link.id)).toMatchObject({ payments_count: 1, status: 'completed' });
    expect(await storedEvents(database.db, 'payment_link.completed')).toHaveLength(1);
  });

  it('max_payments 2, five shoppers at once: two pay, three are told, the link completes once', async () => {
    const link = await createTestLink(t.app, { max_payments: 2 });
    const visits = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => visitLink(t.app, link.code, {}, `203.0.113.${n}`)),
    );
    const results = await Promise.all(
      visits.map((visit, index) =>
        call(t.app, 'POST', pay(visit.sessionId), { body: cardPayment(), address: `203.0.113.${index + 1}` }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(2);
    expect(results.filter((result) => result.status === 409)).toHaveLength(3);
    expect(gateway.posts()).toHaveLength(2);
    expect(await getLink(link.id)).toMatchObject({
      payments_count: 2,
      status: 'completed',
      amount_collected: 2 * 16590,
    });
    expect(await storedEvents(database.db, 'payment_link.completed')).toHaveLength(1);
  });

  it('an open PIX code holds the slot; a refused card frees it; a PIX expiring frees it', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    const a = await visitLink(t.app, link.code, {}, '203.0.113.1');
    const b = await visitLink(t.app, link.code, {}, '203.0.113.2');
    const pix = transactionSchema.parse(
      (await call(t.app, 'POST', pay(a.sessionId), { body: pixPayment() })).json,
    );
    expect(pix.status).toBe('waiting_payment');
    const held = await call(t.app, 'POST', pay(b.sessionId), { body: cardPayment(), address: '203.0.113.2' });
    expect(held.status).toBe(409);
    expect(gateway.posts()).toHaveLength(1);

    expirePixNow(String(pix.id), Date.now());
    // The shopper's page asks the gateway again (a reload): the PIX is over, its slot free.
    await call(t.app, 'GET', `/api/pay/${a.sessionId}`);
    const declined = await call(t.app, 'POST', pay(b.sessionId), {
      body: cardPayment({ card: { ...(cardPayment().card as object), card_number: '4000000000000002' } }),
      address: '203.0.113.2',
    });
    expect(gateway.posts()).toHaveLength(2);
    expect(transactionSchema.parse(declined.json).status).toBe('refused');
    const paid = await call(t.app, 'POST', pay(b.sessionId), { body: cardPayment(), address: '203.0.113.2' });
    expect(paid.status).toBe(200);
    expect(await getLink(link.id)).toMatchObject({ payments_count: 1, status: 'completed' });
  });

  it('raising max_payments of a used-up link opens it again; lowering it to the count completes it', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    const a = await visitLink(t.app, link.code);
    await call(t.app, 'POST', pay(a.sessionId), { body: cardPayment() });
    expect((await getLink(link.id)).status).toBe('completed');
    await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { max_payments: 3 },
    });
    expect((await getLink(link.id)).status).toBe('active');
    const lower = await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { max_payments: 0 },
    });
    expect(lower.status).toBe(400);
    await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { max_payments: 1 },
    });
    expect((await getLink(link.id)).status).toBe('completed');
    expect(await storedEvents(database.db, 'payment_link.completed')).toHaveLength(2);
  });
});
