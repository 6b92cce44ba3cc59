import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  apiErrorBodySchema,
  checkoutSessionSchema,
  publicSessionSchema,
} from '../../contract/checkout-session.ts';
import { sessionAddressSample } from '../../contract/testing/samples.ts';
import { sessionFrameOrigins } from '../sessions/frame-origins.ts';
import {
  buildTestApp,
  call,
  orderBody,
  parameterNames,
  PUBLIC_URL,
  TEST_KEY,
  type TestApp,
} from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';

const SESSIONS = '/api/v1/checkout-sessions';

describe.each(BOTH_DRIVERS)('merchant checkout sessions API (%s)', (driver) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    t = buildTestApp({ db: database.db });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    t.clock.offsetMs = 0;
  });

  it('creates a session: 201, the amount from items + delivery, the shopper link, the contract shape', async () => {
    const created = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody() });
    expect(created.status).toBe(201);
    const session = checkoutSessionSchema.parse(created.json);
    expect(session.amount).toBe(10000 + 2 * 2545 + 1500);
    expect(session.url).toBe(`${PUBLIC_URL}/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_[A-Za-z0-9_-]{22}$/);
    expect(session.status).toBe('open');
    expect(session).toMatchObject({
      methods: ['credit_card', 'pix'],
      max_installments: 12,
      three_ds: 'off',
      fees_paid_by: 'merchant',
      capture: 'automatic',
      shipping_fee: 1500,
      descriptor: 'LOJA EXEMPLO',
    });
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(60 * 60_000);
    expect(created.headers.get('location')).toBe(`${SESSIONS}/${session.id}`);
  });

  it('keeps the customer’s address and gives it to the shopper’s page, never the shop’s customer id', async () => {
    const address = sessionAddressSample;
    const customer = { external_id: 'cust-1', name: 'Ana Silva', address };
    const created = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody({ customer }) });
    expect(created.status).toBe(201);
    const { id } = checkoutSessionSchema.parse(created.json);
    const shown = await call(t.app, 'GET', API_PATHS.shopperSession(id));
    expect(publicSessionSchema.parse(shown.json).customer).toEqual({ name: 'Ana Silva', address });

    const bad = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      // A formatted CEP, a state's name and an unknown key, as a shop's database might hold them.
      body: {
        ...orderBody(),
        customer: { address: { ...address, zipcode: '01310-10', state: 'São Paulo', extra: 1 } },
      },
    });
    expect(bad.status).toBe(400);
    const names = parameterNames(bad.json);
    expect(names).toEqual(expect.arrayContaining(['customer.address.zipcode', 'customer.address.state']));
  });

  it('reads a session with its payments, and 404s an unknown or malformed id', async () => {
    const created = checkoutSessionSchema.parse(
      (await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody({ expires_in_minutes: 30 }) }))
        .json,
    );
    const read = await call(t.app, 'GET', `${SESSIONS}/${created.id}`, { key: TEST_KEY });
    expect(read.status).toBe(200);
    const session = checkoutSessionSchema.parse(read.json);
    expect(session.payments).toEqual([]);
    expect(session.id).toBe(created.id);
    for (const id of ['cs_AAAAAAAAAAAAAAAAAAAAAA', 'nope', '1']) {
      const missing = await call(t.app, 'GET', `${SESSIONS}/${id}`, { key: TEST_KEY });
      expect(missing.status).toBe(404);
      expect(apiErrorBodySchema.parse(missing.json).errors[0]?.type).toBe('not_found');
    }
  });

  it('expires a session; an open session past expires_at reads as expired', async () => {
    const a = checkoutSessionSchema.parse(
      (await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody() })).json,
    );
    const expired = await call(t.app, 'POST', `${SESSIONS}/${a.id}/expire`, { key: TEST_KEY });
    expect(expired.status).toBe(200);
    expect(checkoutSessionSchema.parse(expired.json).status).toBe('expired');
    // Again: nothing changes.
    expect((await call(t.app, 'POST', `${SESSIONS}/${a.id}/expire`, { key: TEST_KEY })).status).toBe(200);
    expect(
      (await call(t.app, 'POST', `${SESSIONS}/cs_AAAAAAAAAAAAAAAAAAAAAA/expire`, { key: TEST_KEY })).status,
    ).toBe(404);

    const b = checkoutSessionSchema.parse(
      (await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody({ expires_in_minutes: 5 }) }))
        .json,
    );
    t.clock.offsetMs = 5 * 60_000 + 1000;
    const later = await call(t.app, 'GET', `${SESSIONS}/${b.id}`, { key: TEST_KEY });
    expect(checkoutSessionSchema.parse(later.json).status).toBe('expired');
  });

  it('refuses every call without the right key: 401 with the error shape', async () => {
    for (const key of [false, 'sk_test_wrong_key_of_some_length', `${TEST_KEY}x`] as const) {
      const created = await call(t.app, 'POST', SESSIONS, { key, body: orderBody() });
      expect(created.status).toBe(401);
      expect(apiErrorBodySchema.parse(created.json).errors[0]?.type).toBe('unauthorized');
      expect(created.headers.get('www-authenticate')).toContain('Bearer');
    }
    expect((await call(t.app, 'GET', `${SESSIONS}/cs_AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(401);
    expect((await call(t.app, 'POST', `${SESSIONS}/cs_AAAAAAAAAAAAAAAAAAAAAA/expire`)).status).toBe(401);
    const basic = await call(t.app, 'POST', SESSIONS, {
      headers: { authorization: `Basic ${Buffer.from(`${TEST_KEY}:`).toString('base64')}` },
      body: orderBody(),
    });
    expect(basic.status).toBe(401);
  });

  it('names each invalid field in a 400', async () => {
    const result = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      body: {
        reference: 'has spaces',
        items: [{ title: '', unit_price: 10.5, quantity: 0, tangible: 'yes' }],
        expires_in_minutes: 2,
        methods: ['cash'],
        success_url: 'javascript:alert(1)',
        embed_origins: ['https://shop.example/path'],
        amount: 1,
      },
    });
    expect(result.status).toBe(400);
    const names = parameterNames(result.json);
    expect(names).toEqual(
      expect.arrayContaining([
        'reference',
        'items.0.title',
        'items.0.unit_price',
        'items.0.quantity',
        'items.0.tangible',
        'expires_in_minutes',
        'methods.0',
        'success_url',
        'embed_origins.0',
      ]),
    );
    // `amount` is not the merchant's to set: an unknown key is refused, not ignored.
    expect(JSON.stringify(result.json)).toContain('amount');
  });

  it('refuses protocol-relative and user-info return URLs with a 400 naming them (not a 500)', async () => {
    for (const [field, url] of [
      ['success_url', '//evil.example/'],
      ['cancel_url', 'https://shop.example@evil.example/'],
      ['success_url', 'https://user:pw@shop.example/thanks'],
    ] as const) {
      const result = await call(t.app, 'POST', SESSIONS, {
        key: TEST_KEY,
        body: orderBody({ [field]: url }),
      });
      expect(result.status).toBe(400);
      expect(parameterNames(result.json)).toContain(field);
    }
  });

  it('refuses an order above the largest amount', async () => {
    const result = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      body: orderBody({ items: [{ title: 'Carro', unit_price: 60_000_000, quantity: 2, tangible: true }] }),
    });
    expect(result.status).toBe(400);
    expect(apiErrorBodySchema.parse(result.json).errors[0]?.parameter_name).toBe('items');
  });

  it('refuses manual capture for cards without 3DS (the plain card form captures at once)', async () => {
    const create = (body: Record<string, unknown>) =>
      call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody(body) });
    const refused = await create({ capture: 'manual' });
    expect(refused.status).toBe(400);
    expect(apiErrorBodySchema.parse(refused.json).errors[0]).toMatchObject({
      parameter_name: 'capture',
      message: expect.stringContaining('three_ds') as unknown,
    });
    expect((await create({ capture: 'manual', three_ds: 'required' })).status).toBe(201);
    expect((await create({ capture: 'manual', methods: ['pix'] })).status).toBe(201);
  });

  it('answers bad JSON with 400, a wrong content type with 415 and an oversized body with 413', async () => {
    const badJson = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      rawBody: '{"reference": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(apiErrorBodySchema.parse(badJson.json).errors[0]?.type).toBe('invalid_json');

    const form = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      rawBody: 'reference=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const none = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, rawBody: JSON.stringify(orderBody()) });
    expect(none.status).toBe(415);

    const huge = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      body: orderBody({ metadata: { note: 'x'.repeat(500) } }),
      rawBody: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(201);
    const oversized = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      rawBody: JSON.stringify({ ...orderBody(), padding: 'x'.repeat(70 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(oversized.status).toBe(413);
    expect(apiErrorBodySchema.parse(oversized.json).errors[0]?.type).toBe('payload_too_large');
  });

  it('Idempotency-Key: the same body answers the same session (201 again), another body 409', async () => {
    const headers = { 'idempotency-key': 'order-1001-attempt-1' };
    const first = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, headers, body: orderBody() });
    expect(first.status).toBe(201);
    // Same content, keys in another order: the same request.
    const reordered = Object.fromEntries(Object.entries(orderBody()).reverse());
    const again = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, headers, body: reordered });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(checkoutSessionSchema.parse(again.json).id).toBe(checkoutSessionSchema.parse(first.json).id);

    const other = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      headers,
      body: orderBody({ reference: 'order-1002' }),
    });
    expect(other.status).toBe(409);
    expect(apiErrorBodySchema.parse(other.json).errors[0]?.type).toBe('idempotency_key_reused');

    // Without a key, two calls make two sessions.
    const a = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody() });
    const b = await call(t.app, 'POST', SESSIONS, { key: TEST_KEY, body: orderBody() });
    expect(checkoutSessionSchema.parse(a.json).id).not.toBe(checkoutSessionSchema.parse(b.json).id);

    const badKey = await call(t.app, 'POST', SESSIONS, {
      key: TEST_KEY,
      headers: { 'idempotency-key': 'has a space' },
      body: orderBody(),
    });
    expect(badKey.status).toBe(400);
  });

  it('two racing creates with one key make one session', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', SESSIONS, { key: TEST_KEY, headers, body: orderBody() }),
      ),
    );
    const ids = new Set(results.map((result) => checkoutSessionSchema.parse(result.json).id));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
  });

  it('frame origins: the setting plus the session’s own, for the shell’s frame-ancestors', async () => {
    const framed = buildTestApp({ db: database.db, embedOrigins: ['https://partner.example'] });
    try {
      const created = await call(framed.app, 'POST', SESSIONS, {
        key: TEST_KEY,
        body: orderBody({ embed_origins: ['https://shop.example', 'https://partner.example'] }),
      });
      const { id } = checkoutSessionSchema.parse(created.json);
      expect(await sessionFrameOrigins(framed.deps, id)).toEqual([
        'https://partner.example',
        'https://shop.example',
      ]);
      expect(await sessionFrameOrigins(framed.deps, 'cs_AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    } finally {
      await framed.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const result = await call(t.app, 'GET', '/api/v2/nothing');
    expect(result.status).toBe(404);
    expect(apiErrorBodySchema.safeParse(result.json).success).toBe(true);
  });
});
