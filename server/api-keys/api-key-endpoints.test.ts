import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  consoleApiKeyListSchema,
  consoleWebhookEndpointListSchema,
  consoleWebhookEndpointWithSecretSchema,
} from '../../contract/console/console-customers-developers.ts';
import { queryRows } from '../db/query-rows.ts';
import { writeEvents } from '../events/outbox.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { merchantPaymentFixture } from '../test/merchant-event-fixtures.ts';
import { linkBody } from '../test/payment-link-helpers.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { fanOutEvents } from '../webhook-endpoints/endpoint-repository.ts';

/**
 * Issue 39, item 7: which API key made a webhook endpoint, what revoking the key does to it (decision 288),
 * and the audit of every API-side change of endpoints, keys and links, written in the change's transaction.
 */
describe.each(DRIVERS)('API keys and the endpoints they make (%s)', (driver) => {
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

  async function newKey(name: string): Promise<{ id: string; key: string; prefix: string }> {
    const created = await call(t.app, 'POST', '/api/v1/api-keys', { key: TEST_KEY, body: { name } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json as { id: string; key: string; prefix: string };
  }
  async function newEndpoint(
    key: string,
    url: string,
  ): Promise<{ id: string; created_with_api_key: unknown }> {
    const created = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key,
      body: { url, event_types: ['payment.succeeded'] },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json as { id: string; created_with_api_key: unknown };
  }
  async function owner(): Promise<ConsoleBrowser> {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    return logInAs(t.app, 'ana@loja.test');
  }
  /** The log's rows of these actions, oldest first: who, what, on which object, with what. */
  async function audit(like: string): Promise<[string, string, string | null, Record<string, unknown>][]> {
    const rows = await queryRows(
      database.db,
      sql`select user_email, action, target_id, detail::text as detail from console_audit_log
          where action like ${like} order by id`,
    );
    return rows.map((row) => [
      String(row.user_email),
      String(row.action),
      typeof row.target_id === 'string' ? row.target_id : null,
      JSON.parse(String(row.detail)) as Record<string, unknown>,
    ]);
  }
  /** A payment.succeeded written now and fanned out: the endpoints it was queued for. */
  async function fannedOutTo(): Promise<string[]> {
    const now = t.deps.now();
    const [eventId] = await database.db.transaction((tx) =>
      writeEvents(
        tx,
        [{ type: 'payment.succeeded', object: merchantPaymentFixture(), sessionId: null, attemptId: null }],
        now,
      ),
    );
    await fanOutEvents(database.db, now, 100);
    const rows = await queryRows(
      database.db,
      sql`select endpoint_id from webhook_deliveries where event_id = ${eventId ?? ''} order by endpoint_id`,
    );
    return rows.map((row) => String(row.endpoint_id));
  }

  it('an endpoint made with an extra key records that key: in the endpoint object and on the console’s Developers page', async () => {
    const erp = await newKey('ERP');
    const made = await newEndpoint(erp.key, 'https://erp.loja.test/hooks');
    const ours = await newEndpoint(TEST_KEY, 'https://loja.test/hooks');
    expect(made.created_with_api_key).toBe(erp.id);
    expect(ours.created_with_api_key).toBeNull();
    const read = await call(t.app, 'GET', `/api/v1/webhook-endpoints/${made.id}`, { key: TEST_KEY });
    expect(read.json).toMatchObject({ id: made.id, created_with_api_key: erp.id });

    const browser = await owner();
    const fromConsole = await browser.call('POST', '/api/console/developers/webhook-endpoints', {
      body: { url: 'https://crm.loja.test/hooks', event_types: ['*'] },
    });
    const inConsole = consoleWebhookEndpointWithSecretSchema.parse(fromConsole.json);
    const endpoints = consoleWebhookEndpointListSchema.parse(
      (await browser.call('GET', '/api/console/developers/webhook-endpoints')).json,
    );
    expect(endpoints.data.map((row) => [row.id, row.created_with_key])).toEqual([
      [inConsole.id, null],
      [ours.id, null],
      [made.id, { id: erp.id, name: 'ERP', prefix: erp.prefix, revoked_at: null }],
    ]);
    const keys = consoleApiKeyListSchema.parse(
      (await browser.call('GET', '/api/console/developers/api-keys')).json,
    );
    expect(keys.data.map((key) => [key.name, key.webhook_endpoints])).toEqual([
      ['ERP', [{ id: made.id, url: 'https://erp.loja.test/hooks', enabled: true }]],
    ]);
  });

  it('revoking a key leaves its endpoints receiving (decision 288) and says so; asked to, disables them in the same transaction, audited', async () => {
    const pos = await newKey('POS');
    const kept = await newEndpoint(pos.key, 'https://pos.loja.test/hooks');
    const revoked = await call(t.app, 'POST', `/api/v1/api-keys/${pos.id}/revoke`, { key: TEST_KEY });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({
      id: pos.id,
      webhook_endpoints: [{ id: kept.id, url: 'https://pos.loja.test/hooks', enabled: true }],
    });
    expect((revoked.json as { revoked_at: string | null }).revoked_at).not.toBeNull();
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: pos.key })).status).toBe(401);
    // The merchant's configuration outlives the key: events still reach it.
    expect(await fannedOutTo()).toEqual([kept.id]);

    // A leaked key: the owner revokes it in the console and disables what it made.
    const leaked = await newKey('Leaked');
    const planted = await newEndpoint(leaked.key, 'https://attacker.example/hooks');
    const browser = await owner();
    const refused = await browser.call('POST', `/api/console/developers/api-keys/${leaked.id}/revoke`, {
      body: { disable_webhook_endpoints: 'yes' },
    });
    expect(refused.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: leaked.key })).status).toBe(200);
    const disabled = await browser.call('POST', `/api/console/developers/api-keys/${leaked.id}/revoke`, {
      body: { disable_webhook_endpoints: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({
      id: leaked.id,
      webhook_endpoints: [{ id: planted.id, enabled: false }],
    });
    const read = await call(t.app, 'GET', `/api/v1/webhook-endpoints/${planted.id}`, { key: TEST_KEY });
    expect(read.json).toMatchObject({ enabled: false, created_with_api_key: leaked.id });
    expect(await fannedOutTo()).toEqual([kept.id]);

    expect(await audit('api_key.revoke')).toEqual([
      [
        'CHECKOUT_SECRET_KEY',
        'api_key.revoke',
        pos.id,
        {
          outcome: 'revoked',
          name: 'POS',
          webhook_endpoints_disabled: [],
          webhook_endpoints_enabled: [kept.id],
        },
      ],
      [
        'ana@loja.test',
        'api_key.revoke',
        leaked.id,
        {
          outcome: 'revoked',
          name: 'Leaked',
          webhook_endpoints_disabled: [planted.id],
          webhook_endpoints_enabled: [],
        },
      ],
    ]);
    expect(await audit('webhook_endpoint.change')).toEqual([
      [
        'ana@loja.test',
        'webhook_endpoint.change',
        planted.id,
        { outcome: 'changed', changes: { enabled: false }, reason: 'api_key_revoked', api_key_id: leaked.id },
      ],
    ]);
  });

  it('every API-side change of endpoints, keys and links is on the audit log under the key that made it', async () => {
    const erp = await newKey('ERP');
    const actor = `API key “ERP” (${erp.id})`;
    const endpoint = await newEndpoint(erp.key, 'https://erp.loja.test/hooks');
    const path = `/api/v1/webhook-endpoints/${endpoint.id}`;
    expect((await call(t.app, 'PATCH', path, { key: erp.key, body: { enabled: false } })).status).toBe(200);
    const rolled = await call(t.app, 'POST', `${path}/roll-secret`, { key: erp.key, body: {} });
    expect(rolled.status).toBe(200);
    expect((await call(t.app, 'DELETE', path, { key: erp.key })).status).toBe(200);

    const created = await call(t.app, 'POST', '/api/v1/payment-links', { key: erp.key, body: linkBody() });
    expect(created.status).toBe(201);
    const link = created.json as { id: string; title: string };
    const linkPath = `/api/v1/payment-links/${link.id}`;
    expect((await call(t.app, 'PATCH', linkPath, { key: erp.key, body: { title: 'Tênis 43' } })).status).toBe(
      200,
    );
    expect((await call(t.app, 'PATCH', linkPath, { key: TEST_KEY, body: { active: false } })).status).toBe(
      200,
    );
    expect((await call(t.app, 'POST', `/api/v1/api-keys/${erp.id}/revoke`, { key: TEST_KEY })).status).toBe(
      200,
    );

    const rows = await audit('%');
    const secret = (rolled.json as { secret: string }).secret;
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(erp.key);
    expect(rows).toEqual([
      [
        'CHECKOUT_SECRET_KEY',
        'api_key.create',
        erp.id,
        { outcome: 'created', name: 'ERP', prefix: erp.prefix },
      ],
      [
        actor,
        'webhook_endpoint.create',
        endpoint.id,
        {
          outcome: 'created',
          url: 'https://erp.loja.test/hooks',
          event_types: ['payment.succeeded'],
          enabled: true,
        },
      ],
      [actor, 'webhook_endpoint.change', endpoint.id, { outcome: 'changed', changes: { enabled: false } }],
      [
        actor,
        'webhook_endpoint.roll_secret',
        endpoint.id,
        {
          outcome: 'rolled',
          previous_secret_expires_at: (rolled.json as { previous_secret_expires_at: string })
            .previous_secret_expires_at,
        },
      ],
      [actor, 'webhook_endpoint.delete', endpoint.id, { outcome: 'deleted' }],
      [actor, 'link.create', link.id, { title: link.title }],
      [actor, 'link.change', link.id, { title: 'Tênis 43', fields: ['title'] }],
      ['CHECKOUT_SECRET_KEY', 'link.deactivate', link.id, { title: 'Tênis 43' }],
      [
        'CHECKOUT_SECRET_KEY',
        'api_key.revoke',
        erp.id,
        { outcome: 'revoked', name: 'ERP', webhook_endpoints_disabled: [], webhook_endpoints_enabled: [] },
      ],
    ]);
  });

  it('the audit row is part of the change: when it cannot be written, the change does not happen either', async () => {
    const erp = await newKey('ERP');
    await queryRows(
      database.db,
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit unavailable'; end $$`),
    );
    await queryRows(
      database.db,
      sql.raw(`create trigger refuse_audit before insert on console_audit_log
        for each row execute function refuse_audit()`),
    );
    try {
      const endpoint = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
        key: erp.key,
        body: { url: 'https://erp.loja.test/hooks', event_types: ['*'] },
      });
      expect(endpoint.status).toBe(500);
      const link = await call(t.app, 'POST', '/api/v1/payment-links', { key: erp.key, body: linkBody() });
      expect(link.status).toBe(500);
      const revoke = await call(t.app, 'POST', `/api/v1/api-keys/${erp.id}/revoke`, { key: TEST_KEY });
      expect(revoke.status).toBe(500);
    } finally {
      await queryRows(database.db, sql.raw('drop trigger refuse_audit on console_audit_log'));
      await queryRows(database.db, sql.raw('drop function refuse_audit()'));
    }
    const counts = await queryRows(
      database.db,
      sql`select (select count(*) from webhook_endpoints)::int as endpoints,
                 (select count(*) from payment_links)::int as links,
                 (select count(*) from outbox_events)::int as events,
                 (select count(*) from api_keys where revoked_at is not null)::int as revoked`,
    );
    expect(counts[0]).toEqual({ endpoints: 0, links: 0, events: 0, revoked: 0 });
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: erp.key })).status).toBe(200);
  });
});
