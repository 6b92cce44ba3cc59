import { describe, expect, it } from 'vitest';
import { paymentLinkListSchema, paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { call, parameterNames, PUBLIC_URL, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { createTestLink, linkBody, storedEvents } from '../test/payment-link-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { visitLink } from '../test/payment-link-helpers.ts';

const BASE = '/api/v1/payment-links';

describe.each(BOTH_DRIVERS)('payment links: the merchant API (%s)', (driver) => {
  let database: TestDatabase, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, t } = s));

  it('creates a link: short unguessable url, a QR code of it, active, counters at zero, payment_link.created', async () => {
    const created = await call(t.app, 'POST', BASE, {
      key: TEST_KEY,
      body: linkBody({ metadata: { sku: 'T42' } }),
    });
    expect(created.status).toBe(201);
    const link = paymentLinkSchema.parse(created.json);
    expect(link.url).toBe(`${PUBLIC_URL}/l/${link.code}`);
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(link.status).toBe('active');
    expect(link).toMatchObject({
      payments_count: 0,
      amount_collected: 0,
      max_payments: null,
      expires_at: null,
      methods: ['credit_card', 'pix'],
      metadata: { sku: 'T42' },
    });
    expect(link.qr_code).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(created.headers.get('location')).toBe(`${BASE}/${link.id}`);
    const events = await storedEvents(database.db, 'payment_link.');
    expect(events.map((event) => event.type)).toEqual(['payment_link.created']);
    expect(events[0]?.payload.data.object).toMatchObject({ id: link.id, url: link.url, status: 'active' });
    expect(events[0]?.payload.data.object).not.toHaveProperty('qr_code');
    // Two links never share a code.
    const other = await createTestLink(t.app);
    expect(other.code).not.toBe(link.code);
  });

  it('Idempotency-Key: the same body replays the first link, another body is a 409, one event', async () => {
    const headers = { 'idempotency-key': 'link-order-1' };
    const first = await call(t.app, 'POST', BASE, { key: TEST_KEY, body: linkBody(), headers });
    const again = await call(t.app, 'POST', BASE, { key: TEST_KEY, body: linkBody(), headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(paymentLinkSchema.parse(again.json).id).toBe(paymentLinkSchema.parse(first.json).id);
    const other = await call(t.app, 'POST', BASE, {
      key: TEST_KEY,
      body: linkBody({ title: 'Outro' }),
      headers,
    });
    expect(other.status).toBe(409);
    expect(parameterNames(other.json)).toEqual(['Idempotency-Key']);
    expect(await storedEvents(database.db, 'payment_link.')).toHaveLength(1);
  });

  it('refuses what cannot make a link, naming the field; no key is a 401', async () => {
    const bad = async (body: unknown) => {
      const result = await call(t.app, 'POST', BASE, { key: TEST_KEY, body });
      expect(result.status).toBe(400);
      return parameterNames(result.json);
    };
    expect(await bad({ ...linkBody(), custom_amount: { min: 100, max: 200 } })).toContain('items');
    expect(await bad({ title: 'Sem preço' })).toContain('items');
    expect(await bad({ title: 'Doação', custom_amount: { min: 500, max: 100 } })).toContain(
      'custom_amount.max',
    );
    expect(await bad({ title: 'Doação', custom_amount: { min: 100, max: 500, preset: 900 } })).toContain(
      'custom_amount.preset',
    );
    expect(
      await bad({
        ...linkBody(),
        quantity: { min: 1, max: 5 },
      }),
    ).toContain('quantity');
    expect(await bad({ ...linkBody(), max_payments: 0 })).toContain('max_payments');
    expect(await bad({ ...linkBody(), after_payment: { redirect_url: 'http://shop.example/ok' } })).toContain(
      'after_payment.redirect_url',
    );
    expect(await bad({ ...linkBody(), expires_at: new Date(Date.now() - 60_000).toISOString() })).toEqual([
      'expires_at',
    ]);
    const anonymous = await call(t.app, 'POST', BASE, { body: linkBody() });
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'GET', BASE)).status).toBe(401);
    expect(await storedEvents(database.db, 'payment_link.')).toHaveLength(0);
  });

  it('lists newest first with a cursor, filters by status, created range and search in title/reference', async () => {
    const a = await createTestLink(t.app, { title: 'Camiseta azul', reference: 'cam-azul' });
    t.clock.offsetMs = 1_000;
    const b = await createTestLink(t.app, { title: 'Boné', reference: 'bone-preto' });
    t.clock.offsetMs = 2_000;
    const c = await createTestLink(t.app, { title: 'Caneca 100% café', reference: 'caneca' });
    await call(t.app, 'PATCH', `${BASE}/${b.id}`, { key: TEST_KEY, body: { active: false } });

    const page1 = paymentLinkListSchema.parse(
      (await call(t.app, 'GET', `${BASE}?limit=2`, { key: TEST_KEY })).json,
    );
    expect(page1.data.map((link) => link.id)).toEqual([c.id, b.id]);
    expect(page1.has_more).toBe(true);
    const page2 = paymentLinkListSchema.parse(
      (await call(t.app, 'GET', `${BASE}?limit=2&starting_after=${page1.next_cursor}`, { key: TEST_KEY }))
        .json,
    );
    expect(page2.data.map((link) => link.id)).toEqual([a.id]);
    expect(page2.has_more).toBe(false);

    const ids = async (query: string) =>
      paymentLinkListSchema
        .parse((await call(t.app, 'GET', `${BASE}?${query}`, { key: TEST_KEY })).json)
        .data.map((link) => link.id);
    expect(await ids('status=inactive')).toEqual([b.id]);
    expect(await ids('status=active')).toEqual([c.id, a.id]);
    expect(await ids('search=AZUL')).toEqual([a.id]);
    expect(await ids('search=bone-')).toEqual([b.id]);
    // The merchant's `%` is a character, not a pattern.
    expect(await ids(`search=${encodeURIComponent('100%')}`)).toEqual([c.id]);
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([c.id]);
    expect(await ids(`created_gte=${encodeURIComponent(b.created_at)}`)).toEqual([c.id, b.id]);
    expect(await ids(`created_lte=${encodeURIComponent(a.created_at)}`)).toEqual([a.id]);
    t.clock.offsetMs = 3 * 24 * 3_600_000;
    expect((await call(t.app, 'GET', `${BASE}?status=closed`, { key: TEST_KEY })).status).toBe(400);
    expect((await call(t.app, 'GET', `${BASE}?starting_after=nope`, { key: TEST_KEY })).status).toBe(400);
  });

  it('PATCH: changes what it names, says so in payment_link.updated with previous_attributes, never deletes', async () => {
    const link = await createTestLink(t.app);
    const patched = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: {
        title: 'Tênis (últimos pares)',
        active: false,
        inactive_message: 'Esgotado. Volte na segunda!',
      },
    });
    expect(patched.status).toBe(200);
    expect(paymentLinkSchema.parse(patched.json)).toMatchObject({
      title: 'Tênis (últimos pares)',
      status: 'inactive',
      inactive_message: 'Esgotado. Volte na segunda!',
      items: link.items,
    });
    const [updated] = await storedEvents(database.db, 'payment_link.updated');
    expect(updated?.payload.data.object).toMatchObject({
      status: 'inactive',
      previous_attributes: { title: 'Tênis de corrida', active: true, inactive_message: null },
    });
    expect((await call(t.app, 'DELETE', `${BASE}/${link.id}`, { key: TEST_KEY })).status).toBe(404);
    expect(
      (
        await call(t.app, 'PATCH', `${BASE}/plink_${'x'.repeat(22)}`, {
          key: TEST_KEY,
          body: { active: true },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'PATCH', `${BASE}/${link.id}`, { key: TEST_KEY, body: {} })).status).toBe(400);
    const past = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: { expires_at: new Date(Date.now() - 1_000).toISOString() },
    });
    expect(parameterNames(past.json)).toEqual(['expires_at']);
  });

  it('PATCH: the price changes until the first payment, never after it', async () => {
    const link = await createTestLink(t.app);
    const repriced = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: { custom_amount: { min: 1000, max: 5000 } },
    });
    expect(repriced.status).toBe(200);
    expect(paymentLinkSchema.parse(repriced.json)).toMatchObject({
      items: null,
      custom_amount: { min: 1000, max: 5000 },
    });
    const back = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: { items: linkBody().items },
    });
    expect(back.status).toBe(200);
    // The delivery fee went with the items: it is named again.
    await call(t.app, 'PATCH', `${BASE}/${link.id}`, { key: TEST_KEY, body: { shipping_fee: 1500 } });

    const visit = await visitLink(t.app, link.code);
    expect(visit.status).toBe(303);
    const paid = await call(t.app, 'POST', `/api/pay/${visit.sessionId}/v1/transactions`, {
      body: cardPayment(),
    });
    expect(paid.status).toBe(200);

    const refused = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: { items: [{ title: 'Tênis', unit_price: 1, quantity: 1, tangible: true }] },
    });
    expect(refused.status).toBe(409);
    expect(parameterNames(refused.json)).toEqual(['items']);
    const lower = await call(t.app, 'PATCH', `${BASE}/${link.id}`, {
      key: TEST_KEY,
      body: { title: 'Ainda pode' },
    });
    expect(lower.status).toBe(200);
    const got = paymentLinkSchema.parse(
      (await call(t.app, 'GET', `${BASE}/${link.id}`, { key: TEST_KEY })).json,
    );
    expect(got).toMatchObject({
      title: 'Ainda pode',
      payments_count: 1,
      amount_collected: 16590,
      items: linkBody().items,
    });
  });

  it('GET of an unknown or malformed id is a 404 in the error shape', async () => {
    const missing = await call(t.app, 'GET', `${BASE}/plink_${'a'.repeat(22)}`, { key: TEST_KEY });
    expect(missing.status).toBe(404);
    expect(parameterNames(missing.json)).toEqual(['id']);
    expect((await call(t.app, 'GET', `${BASE}/nope`, { key: TEST_KEY })).status).toBe(404);
    expect((await call(t.app, 'GET', `${BASE}/nope/payments`, { key: TEST_KEY })).status).toBe(404);
  });
});
