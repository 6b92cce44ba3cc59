import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { createConsoleUser, logInAs } from './console-helpers.ts';
import { linkBody } from './payment-link-helpers.ts';
import { suiteApp, type SuiteApp } from './suite-app.ts';
import { call, createTestSession, TEST_KEY } from './test-app.ts';
import { BOTH_DRIVERS } from './test-database.ts';

/** `reset()` runs before nearly every server test: it must leave every table empty, whatever refers to what. */
describe.each(BOTH_DRIVERS)('a test database’s reset (%s)', (driver) => {
  let suite: SuiteApp;
  suiteApp(driver, {}, (opened) => {
    suite = opened;
  });

  async function rowsPerTable(): Promise<Record<string, number>> {
    const tables = await queryRows(
      suite.database.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { tablename } of tables) {
      const [row] = await queryRows(
        suite.database.db,
        sql`select count(*)::int as n from ${sql.identifier(String(tablename))}`,
      );
      counts[String(tablename)] = Number(row?.n);
    }
    return counts;
  }

  it('empties every table: rows that refer to others, and the append-only audit log', async () => {
    await createTestSession(suite.t.app);
    const key = await call(suite.t.app, 'POST', '/api/v1/api-keys', {
      key: TEST_KEY,
      body: { name: 'reset' },
    });
    expect(key.status).toBe(201);
    const endpoint = await call(suite.t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: (key.json as { key: string }).key,
      body: { url: 'https://merchant.example/hooks', event_types: ['payment.succeeded'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(201);
    expect(
      (await call(suite.t.app, 'POST', '/api/v1/payment-links', { key: TEST_KEY, body: linkBody() })).status,
    ).toBe(201);
    await createConsoleUser(suite.database.db, 'ana@loja.test', 'owner');
    await logInAs(suite.t.app, 'ana@loja.test');

    const before = await rowsPerTable();
    for (const table of [
      'checkout_sessions',
      'api_keys',
      'webhook_endpoints',
      'payment_links',
      'console_users',
      'console_sessions',
      'console_audit_log',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    await suite.database.reset();
    const after = await rowsPerTable();
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(22);
    expect(Object.entries(after).filter(([, rows]) => rows > 0)).toEqual([]);
  });
});
