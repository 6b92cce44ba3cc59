import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  consoleLinkFormOptionsSchema,
  consoleLinkListSchema,
  consoleLinkSchema,
} from '../../contract/console/console-links.ts';
import {
  consolePaymentDetailSchema,
  consolePaymentListSchema,
  consoleSummarySchema,
} from '../../contract/console/console-payments.ts';
import { paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { queryRows } from '../db/query-rows.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { createTestLink, visitLink } from '../test/payment-link-helpers.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';

/** Everything the merchant API's create takes that the console's form offers (issue 41). */
const FULL_LINK = {
  title: 'Kit festa',
  description: 'Bolo e docinhos',
  items: [
    { title: 'Bolo de cenoura', unit_price: 6000, quantity: 1, tangible: true },
    { title: 'Brigadeiro', unit_price: 250, quantity: 20, tangible: true },
  ],
  methods: ['credit_card', 'pix', 'boleto'],
  boleto: { due_in_business_days: 2 },
  max_installments: 3,
  three_ds: 'required',
  expires_at: '2099-12-31T23:59:00.000Z',
  max_payments: 10,
  after_payment: { redirect_url: 'https://bolos.example/obrigado?s={session_id}' },
  collect: { address: true, phone: true },
  embed_origins: ['https://bolos.example'],
} as const;

describe.each(BOTH_DRIVERS)('console link form and edit: the merchant API use cases (%s)', (driver) => {
  let database: TestDatabase, t: TestApp, offDatabase: TestDatabase, boletoOff: TestApp;
  suiteApp(driver, {}, (s) => ({ database, t } = s));
  // A server with BOLETO_ENABLED=false (its own database).
  suiteApp(driver, { boletoEnabled: false }, (s) => ({ database: offDatabase, t: boletoOff } = s));

  async function staffAndViewer(): Promise<{ staff: ConsoleBrowser; viewer: ConsoleBrowser }> {
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    return { staff: await logInAs(t.app, 'bia@loja.test'), viewer: await logInAs(t.app, 'caio@loja.test') };
  }
  const audit = async () =>
    (
      await queryRows(
        database.db,
        sql`select user_email, action, detail from console_audit_log where action like 'link.%' order by id`,
      )
    ).map((row) => [row.user_email, row.action, row.detail]);

  it('creates a link with two items, boleto, 3DS, installments, expiry, redirect, collect and origins: the API reads it back', async () => {
    const { staff, viewer } = await staffAndViewer();
    const form = consoleLinkFormOptionsSchema.parse(
      (await viewer.call('GET', '/api/console/links/form')).json,
    );
    expect(form).toEqual({ boleto_enabled: true });
    const created = await staff.call('POST', '/api/console/links', {
      body: { idempotency_key: 'form-full-1', link: FULL_LINK },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const link = consoleLinkSchema.parse(created.json);
    const api = paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${link.id}`, { key: TEST_KEY })).json,
    );
    expect(api).toMatchObject({
      title: 'Kit festa',
      items: FULL_LINK.items,
      methods: ['credit_card', 'pix', 'boleto'],
      boleto: { due_in_business_days: 2 },
      max_installments: 3,
      three_ds: 'required',
      expires_at: '2099-12-31T23:59:00.000Z',
      max_payments: 10,
      after_payment: FULL_LINK.after_payment,
      collect: { address: true, phone: true },
      embed_origins: ['https://bolos.example'],
    });
    expect(await audit()).toEqual([['bia@loja.test', 'link.create', { title: 'Kit festa' }]]);
  });

  it('refuses boleto where the server does not offer it, naming the field, and says so to the form', async () => {
    await createConsoleUser(offDatabase.db, 'bia@loja.test', 'staff');
    const staff = await logInAs(boletoOff.app, 'bia@loja.test');
    const form = consoleLinkFormOptionsSchema.parse(
      (await staff.call('GET', '/api/console/links/form')).json,
    );
    expect(form).toEqual({ boleto_enabled: false });
    const refused = await staff.call('POST', '/api/console/links', {
      body: { idempotency_key: 'form-full-2', link: FULL_LINK },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ errors: [{ parameter_name: 'link.methods' }] });
    expect(await queryRows(offDatabase.db, sql`select id from payment_links`)).toEqual([]);
  });

  it('edits a link (audited, the API event written); the price is refused with a 409 once a payment exists', async () => {
    const { staff, viewer } = await staffAndViewer();
    const link = await createTestLink(t.app);
    const items = [{ title: 'Tênis', unit_price: 10000, quantity: 1, tangible: true }];
    expect(
      (await viewer.call('PATCH', `/api/console/links/${link.id}`, { body: { title: 'X' } })).status,
    ).toBe(403);
    // No payment yet: the price may change.
    const priced = await staff.call('PATCH', `/api/console/links/${link.id}`, {
      body: { items, shipping_fee: null },
    });
    expect(priced.status, JSON.stringify(priced.json)).toBe(200);
    expect(consoleLinkSchema.parse(priced.json)).toMatchObject({ items, shipping_fee: null });
    // Put back the order the test card pays, then a shopper pays.
    const back = await staff.call('PATCH', `/api/console/links/${link.id}`, {
      body: { items: link.items, shipping_fee: link.shipping_fee },
    });
    expect(back.status).toBe(200);
    const visit = await visitLink(t.app, link.code);
    const paid = await call(t.app, 'POST', `/api/pay/${visit.sessionId ?? ''}/v1/transactions`, {
      body: cardPayment(),
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);

    const refused = await staff.call('PATCH', `/api/console/links/${link.id}`, {
      body: { title: 'Tênis novo', items },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      errors: [{ type: 'payment_link_has_payments', parameter_name: 'items' }],
    });
    // Nothing of the refused change was kept; what is not the price still changes.
    const renamed = await staff.call('PATCH', `/api/console/links/${link.id}`, {
      body: {
        title: 'Tênis novo',
        after_payment: { message: 'Obrigado!' },
        expires_at: '2099-01-01T00:00:00.000Z',
      },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(consoleLinkSchema.parse(renamed.json)).toMatchObject({
      title: 'Tênis novo',
      items: link.items,
      after_payment: { message: 'Obrigado!' },
      payments_count: 1,
    });
    const badRedirect = await staff.call('PATCH', `/api/console/links/${link.id}`, {
      body: { after_payment: { redirect_url: 'http://bolos.example/obrigado' } },
    });
    expect(badRedirect.status).toBe(400);
    expect(JSON.stringify(badRedirect.json)).toContain('after_payment');

    // The link page's payments: the console's list filtered by the link.
    const other = await createTestLink(t.app, { title: 'Outro' });
    const list = consolePaymentListSchema.parse(
      (await viewer.call('GET', `/api/console/payments?link=${link.id}`)).json,
    );
    expect(list.data.map((payment) => payment.payment_link_id)).toEqual([link.id]);
    expect(list.totals).toMatchObject({ count: 1, captured_amount: 16590 });
    const none = consolePaymentListSchema.parse(
      (await viewer.call('GET', `/api/console/payments?link=${other.id}`)).json,
    );
    expect(none.data).toEqual([]);
    expect((await viewer.call('GET', '/api/console/payments?link=nope')).status).toBe(400);
    // One rule for money (decision 342): the home page's gross and net are the links list's and the link's.
    const summary = consoleSummarySchema.parse((await viewer.call('GET', '/api/console/summary')).json);
    const links = consoleLinkListSchema.parse((await viewer.call('GET', '/api/console/links')).json);
    const collected = links.data.reduce((sum, entry) => sum + entry.amount_collected, 0);
    expect(summary.today).toMatchObject({ gross: list.totals.captured_amount, net: collected });
    expect(summary.today.net).toBe(list.totals.captured_amount - list.totals.refunded_amount);
    // No MERCHANT_WEBHOOK_URL and no webhook endpoint: the payment's events go to nobody, and say so.
    const detail = consolePaymentDetailSchema.parse(
      (await viewer.call('GET', `/api/console/payments/${list.data[0]?.id ?? ''}`)).json,
    );
    expect(detail.events.length).toBeGreaterThan(0);
    expect(detail.events.map((event) => [event.environment, event.endpoints])).toEqual(
      detail.events.map(() => [false, []]),
    );

    expect((await audit()).map(([email, action]) => [email, action])).toEqual([
      ['CHECKOUT_SECRET_KEY', 'link.create'],
      ['bia@loja.test', 'link.change'],
      ['bia@loja.test', 'link.change'],
      ['bia@loja.test', 'link.change'],
      ['CHECKOUT_SECRET_KEY', 'link.create'],
    ]);
    const updates = await queryRows(
      database.db,
      sql`select count(*)::int as n from outbox_events where type = 'payment_link.updated'`,
    );
    expect(updates[0]?.n).toBe(3);
  });
});
