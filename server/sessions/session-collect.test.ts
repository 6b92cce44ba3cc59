import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  apiErrorBodySchema,
  checkoutSessionSchema,
  publicSessionSchema,
} from '../../contract/checkout-session.ts';
import { customerSample } from '../../contract/testing/samples.ts';
import { pixPayment, threeDSPayment } from '../test/payment-bodies.ts';
import { createTestLink, visitLink } from '../test/payment-link-helpers.ts';
import { call, createTestSession, orderBody, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';
import { suiteApp } from '../test/suite-app.ts';

const SESSIONS = API_PATHS.merchantSessions;

/** Issue 26 item 5 (docs/decisions/164-fewer-fields.md): what a session's forms ask beyond each payment's needs. */
describe.each(DRIVERS)('a session’s collect setting (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp;
  suiteApp(driver, {}, (s) => ({ gateway, t } = s));

  const create = async (body: Record<string, unknown>) =>
    call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: { ...orderBody(), ...body } });
  const shopperView = async (id: string) =>
    publicSessionSchema.parse((await call(t.app, 'GET', API_PATHS.shopperSession(id))).json);
  const pay = (id: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `${API_PATHS.shopperGatewayBase(id)}/v1/transactions`, { body });

  it('defaults to today’s forms: the address on every form, no phone; the shopper’s page says nothing', async () => {
    const created = await create({});
    expect(created.status).toBe(201);
    const session = checkoutSessionSchema.parse(created.json);
    expect(session.collect).toEqual({ address: true, phone: false });
    const shown = await shopperView(session.id);
    expect(shown.order && 'collect' in shown.order).toBe(false);
  });

  it('stores the setting, shows it to the merchant with defaults and to the shopper’s page as it differs', async () => {
    const created = await create({ collect: { address: false } });
    expect(created.status).toBe(201);
    const { id } = checkoutSessionSchema.parse(created.json);
    const read = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `${SESSIONS}/${id}`, { key: TEST_KEY })).json,
    );
    expect(read.collect).toEqual({ address: false, phone: false });
    expect((await shopperView(id)).order?.collect).toEqual({ address: false });

    const phone = checkoutSessionSchema.parse(
      (await create({ collect: { phone: true, address: true } })).json,
    );
    expect(phone.collect).toEqual({ address: true, phone: true });
    expect((await shopperView(phone.id)).order?.collect).toEqual({ phone: true });
  });

  it('refuses what it cannot honour, in the gateway’s error shape, naming the parameter', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ collect: { address: 'no' } }, 'collect.address'],
      [{ collect: { phone: 1 } }, 'collect.phone'],
      // `document` is a payment link's, kept for old links: a session always asks it where the gateway needs it.
      [{ collect: { document: false } }, 'collect.document'],
      [{ collect: 'address' }, 'collect'],
      [{ mode: 'setup', items: undefined, shipping_fee: undefined, collect: { address: false } }, 'collect'],
    ];
    for (const [body, parameter] of cases) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const { errors } = apiErrorBodySchema.parse(refused.json);
      expect(errors.map((error) => error.parameter_name)).toContain(parameter);
      for (const error of errors) {
        expect(error.type).toBe('invalid_parameter');
        expect(error.message).not.toBe('');
      }
    }
  });

  it('a PIX payment without billing is paid when the session does not collect the address, refused otherwise', async () => {
    const { billing: _billing, ...bare } = pixPayment();
    const { id: lean } = await createTestSession(t.app, { collect: { address: false } });
    const paid = await pay(lean, bare);
    expect(paid.status).toBe(200);
    const sent = JSON.parse(gateway.posts().at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(sent).not.toHaveProperty('billing');
    expect(sent.customer).toMatchObject({ documents: customerSample.documents });

    gateway.clearRequests();
    const { id: full } = await createTestSession(t.app);
    const refused = await pay(full, bare);
    expect(refused.status).toBe(400);
    expect(apiErrorBodySchema.parse(refused.json).errors).toEqual([
      { message: expect.any(String) as string, parameter_name: 'billing', type: 'session_mismatch' },
    ]);
    expect(gateway.posts()).toEqual([]);
    // The session that collects the address is paid with it, as before.
    expect((await pay(full, pixPayment())).status).toBe(200);
  });

  it('asks the phone only of a session that says so; without it no phone is sent and none is needed', async () => {
    const noPhone = { customer: { ...customerSample, phone_numbers: [] } };
    const { id: plain } = await createTestSession(t.app);
    expect((await pay(plain, pixPayment(noPhone))).status).toBe(200);
    const sent = JSON.parse(gateway.posts().at(-1)?.body ?? '{}') as {
      customer?: { phone_numbers?: unknown };
    };
    expect(sent.customer?.phone_numbers).toEqual([]);

    const { id: asks } = await createTestSession(t.app, { collect: { phone: true } });
    gateway.clearRequests();
    for (const body of [pixPayment(noPhone), threeDSPayment(asks, noPhone)]) {
      const refused = await pay(asks, body);
      expect(refused.status).toBe(400);
      expect(apiErrorBodySchema.parse(refused.json).errors.map((error) => error.parameter_name)).toContain(
        'customer.phone_numbers',
      );
    }
    expect(gateway.posts()).toEqual([]);
  });

  it('a payment link’s collect flows into every session it opens (document stays the link’s)', async () => {
    const link = await createTestLink(t.app, { collect: { address: false, phone: true, document: true } });
    expect(link.collect).toEqual({ address: false, phone: true, document: true });
    const visit = await visitLink(t.app, link.url.split('/').at(-1) ?? '');
    expect(visit.sessionId).toBeDefined();
    const session = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `${SESSIONS}/${visit.sessionId ?? ''}`, { key: TEST_KEY })).json,
    );
    expect(session.collect).toEqual({ address: false, phone: true });
    expect((await shopperView(session.id)).order?.collect).toEqual({ address: false, phone: true });

    const plain = await createTestLink(t.app);
    const opened = await visitLink(t.app, plain.url.split('/').at(-1) ?? '');
    const defaults = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `${SESSIONS}/${opened.sessionId ?? ''}`, { key: TEST_KEY })).json,
    );
    expect(defaults.collect).toEqual({ address: true, phone: false });
  });
});
