import { describe, expect, it } from 'vitest';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';

describe.each(DRIVERS)('a payment’s installment schedule from the gateway (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ gateway, t } = s));

  async function paymentId(body: Record<string, unknown>): Promise<string> {
    const { id } = await createTestSession(t.app, { max_installments: 6 });
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const list = await call(t.app, 'GET', `/api/v1/payments?session=${id}`, { key: TEST_KEY });
    return (list.json as { data: { id: string }[] }).data[0]?.id ?? '';
  }

  it('reads the gateway’s schedule of a card payment in three installments', async () => {
    const id = await paymentId(cardPayment({ installments: 3 }));
    gateway.clearRequests();
    const read = await call(t.app, 'GET', `/api/v1/payments/${id}/installments`, { key: TEST_KEY });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    const body = read.json as { available: boolean; installments: { number: number; amount: number }[] };
    expect(body.available).toBe(true);
    expect(body.installments.map((entry) => entry.number)).toEqual([1, 2, 3]);
    expect(body.installments.reduce((sum, entry) => sum + entry.amount, 0)).toBe(16590);
    expect(gateway.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      expect.stringMatching(/^GET \/v1\/transactions\/\d+\/installments$/),
    ]);
  });

  it('hides it when the gateway has none (PIX: no call; its 404), and answers clear 4xx', async () => {
    const pix = await paymentId(pixPayment());
    gateway.clearRequests();
    const read = await call(t.app, 'GET', `/api/v1/payments/${pix}/installments`, { key: TEST_KEY });
    expect(read.json).toMatchObject({ available: false, installments: [] });
    expect(gateway.requests).toHaveLength(0);
    expect(
      (await call(t.app, 'GET', '/api/v1/payments/pa_nope/installments', { key: TEST_KEY })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/payments/x/installments', { key: TEST_KEY })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/payments/${pix}/installments`)).status).toBe(401);
  });
});
