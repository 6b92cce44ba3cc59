import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { sql } from 'drizzle-orm';
import { hashApiKey } from './manage-api-keys.ts';

describe.each(BOTH_DRIVERS)('extra API keys (%s)', (driver) => {
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
    t.logs.length = 0;
  });

  async function create(name: string): Promise<{ id: string; key: string; prefix: string }> {
    const created = await call(t.app, 'POST', '/api/v1/api-keys', { key: TEST_KEY, body: { name } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json as { id: string; key: string; prefix: string };
  }

  it('a named key, shown once and stored hashed, works on the merchant API beside the environment key; last use is kept', async () => {
    const created = await create('ERP');
    expect(created.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix.replace('…', ''))).toBe(true);
    // Only the SHA-256 is in the database; the key is nowhere in the logs.
    const rows = await queryRows(database.db, sql`select * from api_keys`);
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(rows[0]?.key_hash).toBe(hashApiKey(created.key));

    expect((await call(t.app, 'GET', '/api/v1/payments', { key: created.key })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/events', { key: created.key })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: TEST_KEY })).status).toBe(200);
    const listed = await call(t.app, 'GET', '/api/v1/api-keys', { key: TEST_KEY });
    const [view] = (listed.json as { data: Record<string, unknown>[] }).data;
    expect(view).toMatchObject({ id: created.id, name: 'ERP', revoked_at: null });
    expect(view?.last_used_at).toEqual(expect.any(String));
    expect(view).not.toHaveProperty('key');
    expect(JSON.stringify(listed.json)).not.toContain(created.key);
    expect(t.logs.join('\n')).not.toContain(created.key);
  });

  it('a revoked key is refused at once; revoking again answers the same', async () => {
    const created = await create('POS');
    const revoked = await call(t.app, 'POST', `/api/v1/api-keys/${created.id}/revoke`, { key: TEST_KEY });
    expect(revoked.json).toMatchObject({ id: created.id });
    expect((revoked.json as { revoked_at: string | null }).revoked_at).toEqual(expect.any(String));
    const refused = await call(t.app, 'GET', '/api/v1/payments', { key: created.key });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    const again = await call(t.app, 'POST', `/api/v1/api-keys/${created.id}/revoke`, { key: TEST_KEY });
    expect((again.json as { revoked_at: string }).revoked_at).toBe(
      (revoked.json as { revoked_at: string }).revoked_at,
    );
  });

  it('keys are managed with the environment key only; wrong keys and bad input are clear 4xx', async () => {
    const created = await create('Ops');
    const minted = await call(t.app, 'POST', '/api/v1/api-keys', { key: created.key, body: { name: 'x' } });
    expect(minted.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: `${created.key}x` })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/payments', { key: 'sk_' })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/v1/api-keys', { key: TEST_KEY, body: { name: '' } })).status,
    ).toBe(400);
    expect((await call(t.app, 'POST', '/api/v1/api-keys', { key: TEST_KEY, body: {} })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/v1/api-keys/key_nope/revoke', { key: TEST_KEY })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/v1/api-keys/nope', { key: TEST_KEY })).status).toBe(404);
  });
});
