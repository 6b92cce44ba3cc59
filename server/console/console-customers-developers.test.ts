import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  consoleApiKeyListSchema,
  consoleCustomerDetailSchema,
  consoleCustomerListSchema,
  consoleWebhookEndpointListSchema,
} from '../../contract/console/console-customers-developers.ts';
import { queryRows } from '../db/query-rows.ts';
import { saveCard } from '../saved-cards/saved-card-repository.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, createTestSession, PUBLIC_URL, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';

const MARIA = {
  external_id: 'cust-maria',
  name: 'Maria Souza',
  email: 'maria.souza@example.com',
  document: { type: 'cpf' as const, number: '12345678909' },
  phone: '+5511987654321',
};

describe.each(DRIVERS)('console customers and developers (%s)', { timeout: 30_000 }, (driver) => {
  let database: TestDatabase, t: TestApp, gateway: TestGateway;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ database, t, gateway } = s));

  async function browsers(): Promise<Record<'owner' | 'staff' | 'viewer', ConsoleBrowser>> {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    return {
      owner: await logInAs(t.app, 'ana@loja.test'),
      staff: await logInAs(t.app, 'bia@loja.test'),
      viewer: await logInAs(t.app, 'caio@loja.test'),
    };
  }

  /** Maria pays by card (a finished payment) and has one saved card. */
  async function mariaPaid(): Promise<{ paymentId: string; sessionId: string }> {
    const { id } = await createTestSession(t.app, { reference: 'pedido-maria', customer: MARIA });
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    await saveCard(
      database.db,
      MARIA.external_id,
      { cardId: 77, brand: 'visa', firstDigits: '411111', lastDigits: '1111', holderName: 'MARIA SOUZA' },
      id,
      t.deps.now(),
    );
    const list = await call(t.app, 'GET', `/api/v1/payments?session=${id}`, { key: TEST_KEY });
    return { paymentId: (list.json as { data: { id: string }[] }).data[0]?.id ?? '', sessionId: id };
  }

  async function auditRows(action: string) {
    return queryRows(
      database.db,
      sql`select user_email, target_id, detail::text as detail from console_audit_log
          where action = ${action} order by id`,
    );
  }

  it('finds a customer by e-mail, CPF (any punctuation) or id, masked; shows payments and cards', async () => {
    const { viewer } = await browsers();
    const { paymentId } = await mariaPaid();
    await createTestSession(t.app, { reference: 'pedido-joao', customer: { external_id: 'cust-joao' } });
    const find = async (q: string) => {
      const answer = await viewer.call('GET', `/api/console/customers?q=${encodeURIComponent(q)}`);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return consoleCustomerListSchema.parse(answer.json).data;
    };
    for (const q of ['MARIA.SOUZA@example.com', '123.456.789-09', '12345678909', 'cust-maria']) {
      expect(
        (await find(q)).map((customer) => customer.id),
        q,
      ).toEqual(['cust-maria']);
    }
    const [maria] = await find('maria.souza@example.com');
    expect(maria?.document).toBe('***.456.789-**');
    expect(JSON.stringify(await find(''))).not.toContain('12345678909');
    expect((await find('')).map((customer) => customer.id).sort()).toEqual(['cust-joao', 'cust-maria']);
    expect(await find('nobody@example.com')).toEqual([]);
    expect((await viewer.call('GET', '/api/console/customers?q=a@b')).status).toBe(400);
    expect((await viewer.call('GET', '/api/console/customers?cursor=nope')).status).toBe(400);

    const detail = await viewer.call('GET', '/api/console/customers/cust-maria');
    const page = consoleCustomerDetailSchema.parse(detail.json);
    expect(page.payments.map((payment) => payment.id)).toEqual([paymentId]);
    expect(page.cards.map((card) => card.last_digits)).toEqual(['1111']);
    expect(page.remove_card).toEqual({ allowed: false, reason: 'role' });
    expect(page.erase).toEqual({ allowed: false, reason: 'role' });
    expect(JSON.stringify(page)).not.toContain('12345678909');
    expect((await viewer.call('GET', '/api/console/customers/nobody')).status).toBe(404);
  });

  it('staff remove a saved card; viewers are refused; CSRF is checked; the removal is audited', async () => {
    const { staff, viewer } = await browsers();
    await mariaPaid();
    const path = '/api/console/customers/cust-maria/cards/77';
    expect((await viewer.call('DELETE', path)).status).toBe(403);
    expect((await staff.call('DELETE', path, { headers: { 'x-csrf-token': 'stale' } })).status).toBe(403);
    expect((await staff.call('DELETE', path, { headers: { origin: 'https://evil.test' } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', path, { headers: { origin: PUBLIC_URL } })).status).toBe(401);
    expect(await queryRows(database.db, sql`select * from saved_cards`)).toHaveLength(1);
    const removed = await staff.call('DELETE', path);
    expect(removed.status).toBe(200);
    expect(await queryRows(database.db, sql`select * from saved_cards`)).toHaveLength(0);
    expect((await staff.call('DELETE', path)).status).toBe(404);
    const rows = await auditRows('customer.card_remove');
    expect(
      rows.map((row) => [row.user_email, row.target_id, JSON.parse(String(row.detail)) as unknown]),
    ).toEqual([
      ['bia@loja.test', 'cust-maria', { card_id: 77, outcome: 'removed' }],
      ['bia@loja.test', 'cust-maria', { card_id: 77, outcome: 'not_found' }],
    ]);
  });

  it('owners alone erase, with the e-mail typed; the payment stays, anonymised; the audit keeps no personal data', async () => {
    const { owner, staff, viewer } = await browsers();
    const { paymentId } = await mariaPaid();
    const path = '/api/console/customers/cust-maria/erase';
    const body = { confirmation: 'Maria.Souza@example.com' };
    expect((await staff.call('POST', path, { body })).status).toBe(403);
    expect((await viewer.call('POST', path, { body })).status).toBe(403);
    expect((await owner.call('POST', path, { body, headers: { 'x-csrf-token': 'stale' } })).status).toBe(403);
    const wrong = await owner.call('POST', path, { body: { confirmation: 'maria@example.com' } });
    expect(wrong.status).toBe(422);
    expect((await owner.call('POST', path, { body: {} })).status).toBe(400);
    expect(await queryRows(database.db, sql`select * from saved_cards`)).toHaveLength(1);

    const erased = await owner.call('POST', path, { body });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    expect(erased.json).toMatchObject({
      already_erased: false,
      saved_cards_removed: 1,
      payments_anonymised: 1,
    });
    const [payment] = await queryRows(
      database.db,
      sql`select status, amount, payment_attempts::text as whole from payment_attempts where id = ${paymentId}`,
    );
    expect(payment).toMatchObject({ status: 'paid' });
    expect(String(payment?.whole)).not.toContain('maria.souza@example.com');
    expect(String(payment?.whole)).not.toContain('12345678909');
    const shown = await owner.call('GET', `/api/console/payments/${paymentId}`);
    expect(JSON.stringify(shown.json)).not.toContain('Maria Souza');
    const page = consoleCustomerDetailSchema.parse(
      (await owner.call('GET', '/api/console/customers/cust-maria')).json,
    );
    expect(page.customer).toMatchObject({ erased: true, email: null, name: null });
    expect(page.erase).toEqual({ allowed: false, reason: 'erased' });

    const rows = await auditRows('customer.erase');
    expect(rows.map((row) => (JSON.parse(String(row.detail)) as { outcome: string }).outcome)).toEqual([
      'confirmation_mismatch',
      'erased',
    ]);
    for (const row of rows) {
      expect(row.target_id).toBe('cust-maria');
      expect(String(row.detail)).not.toMatch(/maria\.souza|12345678909|Maria Souza/i);
    }
  });

  it('refuses to erase while a checkout of the customer can still be paid', async () => {
    const { owner } = await browsers();
    await createTestSession(t.app, { reference: 'aberto', customer: MARIA });
    const answer = await owner.call('POST', '/api/console/customers/cust-maria/erase', {
      body: { confirmation: MARIA.email },
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ errors: [{ type: 'customer_has_open_session' }] });
  });

  it('owners manage webhook endpoints: the secret once, roll with overlap, audited without secrets', async () => {
    const { owner, staff, viewer } = await browsers();
    const base = '/api/console/developers/webhook-endpoints';
    const body = { url: 'https://erp.loja.test/hooks', event_types: ['payment.succeeded'] };
    expect((await staff.call('POST', base, { body })).status).toBe(403);
    expect((await viewer.call('POST', base, { body })).status).toBe(403);
    expect((await owner.call('POST', base, { body, headers: { 'x-csrf-token': 'stale' } })).status).toBe(403);
    const insecure = await owner.call('POST', base, { body: { ...body, url: 'http://erp.loja.test/hooks' } });
    expect(insecure.status).toBe(400);
    expect((await owner.call('POST', base, { body: { ...body, event_types: ['nope'] } })).status).toBe(400);

    const created = await owner.call('POST', base, { body });
    expect(created.status).toBe(201);
    const endpoint = created.json as { id: string; secret: string; secret_hint: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = consoleWebhookEndpointListSchema.parse((await viewer.call('GET', base)).json);
    expect(listed.can_manage).toBe(false);
    expect(listed.event_types).toContain('payment.succeeded');
    expect(listed.data.map((row) => row.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    expect(consoleWebhookEndpointListSchema.parse((await owner.call('GET', base)).json).can_manage).toBe(
      true,
    );

    const path = `${base}/${endpoint.id}`;
    for (const browser of [staff, viewer]) {
      expect((await browser.call('PATCH', path, { body: { enabled: false } })).status).toBe(403);
      expect((await browser.call('POST', `${path}/roll-secret`, { body: {} })).status).toBe(403);
      expect((await browser.call('DELETE', path)).status).toBe(403);
    }
    const changed = await owner.call('PATCH', path, { body: { enabled: false, event_types: ['*'] } });
    expect(changed.json).toMatchObject({ enabled: false, event_types: ['*'] });
    expect(JSON.stringify(changed.json)).not.toContain(endpoint.secret);
    const rolled = await owner.call('POST', `${path}/roll-secret`, { body: { overlap_seconds: 3600 } });
    const roll = rolled.json as { secret: string; previous_secret_expires_at: string | null };
    expect(roll.secret).toMatch(/^whsec_/);
    expect(roll.secret).not.toBe(endpoint.secret);
    expect(roll.previous_secret_expires_at).not.toBeNull();
    expect((await owner.call('PATCH', `${base}/we_environment`, { body: { enabled: false } })).status).toBe(
      409,
    );
    expect((await owner.call('DELETE', path)).status).toBe(200);
    expect((await owner.call('DELETE', path)).status).toBe(404);

    const audit = await queryRows(
      database.db,
      sql`select action, user_email, detail::text as detail from console_audit_log
          where action like 'webhook_endpoint.%' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'webhook_endpoint.create',
      'webhook_endpoint.change',
      'webhook_endpoint.roll_secret',
      'webhook_endpoint.delete',
      'webhook_endpoint.delete',
    ]);
    const everything = JSON.stringify(audit) + t.logs.join('\n');
    expect(everything).not.toContain(endpoint.secret);
    expect(everything).not.toContain(roll.secret);
  });

  it('owners create and revoke API keys: the key once, stored hashed, works until revoked, audited', async () => {
    const { owner, staff, viewer } = await browsers();
    const base = '/api/console/developers/api-keys';
    expect((await staff.call('POST', base, { body: { name: 'ERP' } })).status).toBe(403);
    expect((await viewer.call('POST', base, { body: { name: 'ERP' } })).status).toBe(403);
    expect((await owner.call('POST', base, { body: { name: '' } })).status).toBe(400);
    const created = await owner.call('POST', base, { body: { name: 'ERP' } });
    expect(created.status).toBe(201);
    const key = created.json as { id: string; key: string; prefix: string };
    expect(key.key).toMatch(/^sk_/);
    const listed = consoleApiKeyListSchema.parse((await viewer.call('GET', base)).json);
    expect(listed).toMatchObject({
      can_manage: false,
      data: [{ id: key.id, name: 'ERP', last_used_at: null }],
    });
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: key.key })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: TEST_KEY })).status).toBe(200);

    expect((await staff.call('POST', `${base}/${key.id}/revoke`)).status).toBe(403);
    const revoked = await owner.call('POST', `${base}/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((revoked.json as { id: string; revoked_at: string | null }).revoked_at).not.toBeNull();
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: key.key })).status).toBe(401);
    expect((await owner.call('POST', `${base}/key_nope/revoke`)).status).toBe(404);

    const stored = await queryRows(database.db, sql`select api_keys::text as whole from api_keys`);
    const audit = await queryRows(
      database.db,
      sql`select action, detail::text as detail from console_audit_log where action like 'api_key.%' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['api_key.create', 'api_key.revoke', 'api_key.revoke']);
    expect(JSON.stringify([stored, audit]) + t.logs.join('\n')).not.toContain(key.key);
  });

  it('shows a card payment’s installment schedule, hides a PIX one, metered per user', async () => {
    const { viewer } = await browsers();
    const pay = async (body: Record<string, unknown>) => {
      const { id } = await createTestSession(t.app, { max_installments: 6 });
      expect((await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body })).status).toBe(200);
      const list = await call(t.app, 'GET', `/api/v1/payments?session=${id}`, { key: TEST_KEY });
      return (list.json as { data: { id: string }[] }).data[0]?.id ?? '';
    };
    const card = await pay(cardPayment({ installments: 3 }));
    gateway.clearRequests();
    const read = await viewer.call('GET', `/api/console/payments/${card}/installments`);
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    const schedule = read.json as { available: boolean; installments: { number: number; amount: number }[] };
    expect(schedule.available).toBe(true);
    expect(schedule.installments.map((entry) => entry.number)).toEqual([1, 2, 3]);
    const pix = await pay(pixPayment());
    expect((await viewer.call('GET', `/api/console/payments/${pix}/installments`)).json).toEqual({
      available: false,
      installments: [],
    });
    expect((await viewer.call('GET', '/api/console/payments/pa_nope/installments')).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/console/payments/${card}/installments`)).status).toBe(401);
    const counted = await queryRows(
      database.db,
      sql`select key from rate_limit_hits where key like 'console-read:%'`,
    );
    expect(counted.length).toBeGreaterThan(0);
  });
});
