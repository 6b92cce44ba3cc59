import { describe, expect, it } from 'vitest';
import { publicSessionSchema } from '../../contract/checkout-session.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { listAttempts } from '../payments/attempt-repository.ts';
import { cardPayment, pixPayment, threeDSPayment } from '../test/payment-bodies.ts';
import {
  call,
  createTestSession,
  orderBody,
  parameterNames,
  TEST_KEY,
  type TestApp,
} from '../test/test-app.ts';
import { DRIVERS } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import { type TestGateway } from '../test/test-gateway.ts';

const HOSTILE = ['Ana\u0000Silva', 'Ana\ud800Silva', 'Ana\udc00', 'Ana\u0007Silva', 'Ana\u009fSilva'];

function pay(sid: string) {
  return `/api/pay/${sid}/v1/transactions`;
}

/** Sets one dotted field of a copy of a body. */
function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) ?? ''] = value;
  return copy;
}

describe.each(DRIVERS)('no input loses a payment (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ gateway, t } = s));

  const shopperFields: [string, string, (sid: string) => Record<string, unknown>][] = [
    ['card', 'card.card_holder_name', () => cardPayment()],
    ['card', 'billing.name', () => cardPayment()],
    ['card', 'billing.address.street', () => cardPayment()],
    ['card', 'billing.address.city', () => cardPayment()],
    ['card', 'descriptor', () => cardPayment()],
    ['3DS', 'customer.name', (sid) => threeDSPayment(sid)],
    ['3DS', 'customer.external_id', (sid) => threeDSPayment(sid)],
    ['3DS', 'threeDSecure.userAgent', (sid) => threeDSPayment(sid)],
    ['PIX', 'shipping.name', () => pixPayment()],
    ['PIX', 'shipping.address.street', () => pixPayment()],
  ];

  it.each(shopperFields)(
    'a %s payment with a control character or lone surrogate in %s is a 400 naming it; nothing reaches the gateway',
    async (form, field, build) => {
      const { id } = await createTestSession(t.app, {
        ...(form === '3DS' ? { three_ds: 'required' as const } : {}),
      });
      for (const value of HOSTILE) {
        const result = await call(t.app, 'POST', pay(id), { body: withField(build(id), field, value) });
        expect(result.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(parameterNames(result.json)).toContain(field);
      }
      const item = await call(t.app, 'POST', pay(id), {
        body: { ...build(id), items: [{ title: 'T\u0000', unit_price: 16590, quantity: 1, tangible: true }] },
      });
      expect(item.status).toBe(400);
      expect(parameterNames(item.json)).toContain('items.0.title');
      // A surprise key the schema would refuse anyway is named too, not a 500.
      const key = await call(t.app, 'POST', pay(id), { body: { ...build(id), 'x\u0000': 1 } });
      expect(key.status).toBe(400);
      expect(gateway.posts()).toHaveLength(0);
      expect(await listAttempts(t.deps.db, id)).toHaveLength(0);
    },
  );

  it('the merchant API refuses them in the session body, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customer: { name: 'Ana\u0000' } }, 'customer.name'],
      [{ customer: { external_id: 'c\ud800' } }, 'customer.external_id'],
      [{ metadata: { note: 'a\u0000b' } }, 'metadata.note'],
      [{ items: [{ title: 'T\u0000', unit_price: 100, quantity: 1, tangible: true }] }, 'items.0.title'],
    ];
    for (const [overrides, field] of cases) {
      const result = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
        key: TEST_KEY,
        body: { ...orderBody(), ...overrides },
      });
      expect(result.status, field).toBe(400);
      expect(parameterNames(result.json)).toEqual([field]);
    }
  });

  it('a control character, lone surrogate or broken escape in a path segment or query parameter is a 400', async () => {
    const { id } = await createTestSession(t.app);
    const requests: [string, string, string | null][] = [
      ['GET', '/api/v1/payments/%00', 'path'],
      ['GET', '/api/v1/payments/%ED%A0%80', 'path'],
      ['GET', '/api/v1/payments/%zz', 'path'],
      ['GET', '/api/v1/checkout-sessions/cs_%00', 'path'],
      ['POST', '/api/v1/checkout-sessions/%00/expire', 'path'],
      ['GET', '/api/v1/customers/%00/cards', 'path'],
      ['GET', '/api/v1/payments?starting_after=%00', 'starting_after'],
      ['GET', '/api/v1/payments?status=paid%01', 'status'],
      ['GET', '/api/v1/events?status=%ED%A0%80', 'status'],
      ['GET', `/api/pay/%00`, 'path'],
      ['GET', `/api/pay/${id}/v1/transactions/%00`, 'path'],
      ['GET', `/api/pay/${id}/cards?x=%1F`, 'x'],
    ];
    for (const [method, path, field] of requests) {
      const result = await call(t.app, method, path, { key: TEST_KEY });
      expect(result.status, path).toBe(400);
      expect(parameterNames(result.json), path).toEqual([field]);
    }
  });

  it('a gateway answer with NUL, lone surrogates and a huge deep surprise field is recorded, storable and shown', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('hostile-200');
    const paid = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    expect(paid.status).toBe(200);
    const transaction = transactionSchema.parse(paid.json);
    expect(transaction.status).toBe('paid');
    expect(JSON.stringify(paid.json)).not.toMatch(/\\u0000|\\ud800/);
    const [attempt] = await listAttempts(t.deps.db, id);
    expect(attempt?.status).toBe('paid');
    const stored = JSON.stringify(attempt?.gatewayResponse);
    expect(stored).toContain('ANA\ufffdSILVA');
    expect(stored.length).toBeLessThan(40_000);
    const page = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(page.status).toBe('complete');
  });

  it('a 10 MB answer to the payment leaves the attempt unknown, and the next read resolves it', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('huge-200');
    const paid = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    expect(paid.status).toBeGreaterThanOrEqual(500);
    expect(paid.status).not.toBe(500);
    gateway.setFault(undefined);
    const page = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(page.payment?.status).toBe('paid');
    expect(page.status).toBe('complete');
  });
});
