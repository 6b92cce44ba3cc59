import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentOperations } from '../db/schema.ts';
import {
  approveChallenge,
  attemptOf,
  sendGatewayWebhook,
  startThreeDS,
  WEBHOOK_SECRET,
} from '../test/lifecycle-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { buildTestApp, call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestGateway, type TestGateway } from '../test/test-gateway.ts';
import { reconcileOnce } from './reconcile.ts';

const MINUTE = 60_000;

/**
 * The double refund of the fault trial: a slow gateway applies a refund and then answers 500 (the outcome
 * is unknown); gateway webhooks for the same transaction reach three instances meanwhile, and the first to
 * take one re-reads the transaction — a read that began before the gateway applied the refund and ends
 * after the refund call did. An operation of unknown outcome may only be settled from a read that began
 * after its call ended, so that read may not declare the refund failed (the merchant would refund again).
 */
describe.each(DRIVERS)('an unknown outcome is never settled from a stale read (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let instances: TestApp[];

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startTestGateway();
    instances = [0, 1, 2].map(() =>
      buildTestApp({
        db: database.db,
        gatewayUrl: gateway.url,
        policy: { refreshIntervalMs: 0 },
        gatewayWebhookSecret: WEBHOOK_SECRET,
        // The test releases the held reads itself: a starved machine must not turn one into a time-out, which
        // the intake catches (no stale read would then be looked at, and the test would pass with the bug).
        gatewayTimeoutMs: 60_000,
      }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await gateway.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
  });

  const first = () => {
    const [instance] = instances;
    if (!instance) throw new Error('no instance');
    return instance;
  };
  const posts = (suffix: string) => gateway.requests.filter((request) => request.path.endsWith(suffix));
  const reads = (transactionId: number) =>
    gateway.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v1/transactions/${transactionId}`,
    ).length;

  /**
   * The operation `suffix` (`/refund`, `/capture`) answered 500 after being applied, with gateway webhooks
   * for its transaction on the three instances meanwhile: their re-read (one — the same body is a replay to
   * the two others) begins before the gateway applies the operation and ends after the operation's call did.
   * The gateway holds both until let go, so that order is the test's, not a matter of time.
   */
  async function operationWithWebhooksMeanwhile<T>(
    suffix: string,
    transactionId: number,
    operation: () => Promise<T>,
  ): Promise<T> {
    const readsBefore = reads(transactionId);
    gateway.setFaults(['operations-500-after-apply', 'stale-slow-reads']);
    const answer = operation();
    // The operation has reached the gateway, which holds it unapplied.
    await expect.poll(() => posts(suffix).length, { timeout: 5_000 }).toBe(1);
    const body = JSON.stringify({ id: transactionId });
    const webhooks = Promise.all(instances.map((instance) => sendGatewayWebhook(instance, body)));
    // The re-read has taken its snapshot: the operation not applied yet.
    await expect.poll(() => reads(transactionId), { timeout: 5_000 }).toBeGreaterThan(readsBefore);
    gateway.release('operations');
    const answered = await answer;
    // The re-read ends after the operation's call did.
    gateway.release('reads');
    await webhooks;
    return answered;
  }

  it('a refund answered 500 after being applied, with webhooks on three instances: one refund, never "failed"', async () => {
    const app = first();
    const { id } = await createTestSession(app.app);
    expect(
      (await call(app.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
    const paid = await attemptOf(database.db, id);
    expect(paid.status).toBe('paid');

    const answer = await operationWithWebhooksMeanwhile('/refund', paid.transactionId ?? 0, () =>
      call(app.app, 'POST', `/api/v1/payments/${paid.id}/refund`, {
        key: TEST_KEY,
        body: { amount: 3_000 },
        headers: { 'idempotency-key': 'refund-1' },
      }),
    );
    // The documented unknown-outcome answer, not a failure the merchant would act on.
    expect(answer.status).toBe(202);
    for (const instance of instances) await instance.deps.background.settled();
    const [operation] = await database.db.select().from(paymentOperations);
    expect(operation?.status).not.toBe('failed');

    // The merchant, not told it failed, tries again with a new key: refused while the first is unresolved.
    const again = await call(app.app, 'POST', `/api/v1/payments/${paid.id}/refund`, {
      key: TEST_KEY,
      body: { amount: 3_000 },
      headers: { 'idempotency-key': 'refund-2' },
    });
    expect(again.status).toBe(409);

    // A read that begins now settles it: applied.
    gateway.setFaults([]);
    for (const instance of instances) instance.clock.offsetMs = 2 * MINUTE;
    await reconcileOnce(first().deps);
    const [settled] = await database.db.select().from(paymentOperations);
    expect(settled?.status).toBe('succeeded');
    expect((await attemptOf(database.db, id)).refundedAmount).toBe(3_000);
    expect(posts('/refund')).toHaveLength(1);
  });

  it('a capture answered 500 after being applied, with webhooks on three instances: one capture POST', async () => {
    const app = first();
    const { sessionId: id, transactionId, token } = await startThreeDS(app.app, { capture: 'manual' });
    await approveChallenge(gateway.url, token);
    await call(app.app, 'GET', `/api/pay/${id}/v1/transactions/${transactionId}`);
    const authorised = await attemptOf(database.db, id);
    expect(authorised.status).toBe('authorized');
    const answer = await operationWithWebhooksMeanwhile('/capture', authorised.transactionId ?? 0, () =>
      call(app.app, 'POST', `/api/v1/payments/${authorised.id}/capture`, { key: TEST_KEY }),
    );
    expect(answer.status).toBe(202);
    for (const instance of instances) await instance.deps.background.settled();
    const [operation] = await database.db.select().from(paymentOperations);
    expect(operation?.status).not.toBe('failed');
    gateway.setFaults([]);
    for (const instance of instances) instance.clock.offsetMs = 2 * MINUTE;
    await reconcileOnce(first().deps);
    expect((await attemptOf(database.db, id)).status).toBe('paid');
    expect(posts('/capture')).toHaveLength(1);
  });
});
