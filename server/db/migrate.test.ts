import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { queryRows } from './query-rows.ts';
import { openPostgres } from './open-database.ts';

const MIGRATION_COUNT = (
  JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe('start-up migrations on PostgreSQL', () => {
  it('four instances starting at once on an empty database all come up (advisory lock)', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: this test needs a real PostgreSQL.');
    const name = `checkout_migrate_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url.toString(), 2)));
      try {
        const [first] = instances;
        if (!first) throw new Error('no instance');
        const applied = await queryRows(
          first.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        // Every migration in the journal, once, although four instances raced to apply them.
        expect(applied[0]?.n).toBe(MIGRATION_COUNT);
        const tables = await queryRows(
          first.db,
          sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tables.map((row) => row.table_name)).toEqual([
          'api_keys',
          'checkout_sessions',
          'console_audit_log',
          'console_sessions',
          'console_users',
          'delivery_circuits',
          'gateway_pauses',
          'gateway_scans',
          'mail_sends',
          'outbox_deliveries',
          'outbox_events',
          'payment_attempts',
          'payment_events',
          'payment_links',
          'payment_operations',
          'rate_limit_hits',
          'receivable_reads',
          'receivables',
          'saved_cards',
          'shop_identity',
          'webhook_deliveries',
          'webhook_endpoints',
        ]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
  }, 60_000);
});
