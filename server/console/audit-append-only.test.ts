import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { pruneRetention } from '../jobs/retention.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { listAudit, recordAudit } from './audit.ts';

/** The SQLSTATE of a refused statement, wherever the driver (or drizzle's wrapper) put it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    return sqlStateOf(error);
  }
  return 'accepted';
}

describe.each(BOTH_DRIVERS)('the audit log is append-only (%s)', (driver) => {
  let database: TestDatabase;
  const at = new Date('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    await recordAudit(
      database.db,
      { userId: 'usr_1', email: 'ana@loja.test' },
      'payment.refund',
      { type: 'payment', id: 'pay_1' },
      { amount: 1000, outcome: 'refunded' },
      at,
    );
  });

  async function rows() {
    return queryRows(
      database.db,
      sql`select user_email, action, target_id, detail::text as detail from console_audit_log order by id`,
    );
  }

  it("refuses an UPDATE of an audit row from the application's connection, and the row stays as written", async () => {
    const before = await rows();
    expect(
      await refusal(
        database.db.execute(
          sql`update console_audit_log set detail = '{"amount":1}'::jsonb, user_email = 'x'`,
        ),
      ),
    ).toBe('42501');
    // A statement trigger: even an UPDATE that would touch no row is refused.
    expect(
      await refusal(database.db.execute(sql`update console_audit_log set action = 'x' where false`)),
    ).toBe('42501');
    expect(await rows()).toEqual(before);
    expect(before).toEqual([
      {
        user_email: 'ana@loja.test',
        action: 'payment.refund',
        target_id: 'pay_1',
        detail: '{"amount": 1000, "outcome": "refunded"}',
      },
    ]);
  });

  it("refuses a DELETE of audit rows from the application's connection", async () => {
    expect(await refusal(database.db.execute(sql`delete from console_audit_log`))).toBe('42501');
    expect(
      await refusal(database.db.execute(sql`delete from console_audit_log where created_at < now()`)),
    ).toBe('42501');
    expect(await rows()).toHaveLength(1);
  });

  it('keeps appending and listing; the retention sweep runs and leaves audit rows alone', async () => {
    await recordAudit(
      database.db,
      { userId: 'usr_1', email: 'ana@loja.test' },
      'session.logout',
      { type: 'user', id: 'usr_1' },
      {},
      at,
    );
    const years = new Date(at.getTime() + 5 * 365 * 24 * 3_600_000);
    await expect(pruneRetention(database.db, years, 30)).resolves.toMatchObject({ events: 0 });
    const page = await listAudit(database.db, {});
    expect(page.data.map((row) => row.action)).toEqual(['session.logout', 'payment.refund']);
  });

  it("the operator's documented removal (docs/merchants/console.md) works, and the trigger is on again after", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table console_audit_log disable trigger console_audit_log_append_only`);
      await tx.execute(
        sql`delete from console_audit_log where created_at < ${at.toISOString()}::timestamptz + interval '1 second'`,
      );
      await tx.execute(sql`alter table console_audit_log enable trigger console_audit_log_append_only`);
    });
    expect(await rows()).toEqual([]);
    await recordAudit(
      database.db,
      { userId: null, email: 'cli' },
      'user.create',
      { type: 'user', id: 'usr_2' },
      {},
      at,
    );
    expect(await refusal(database.db.execute(sql`delete from console_audit_log`))).toBe('42501');
  });
});
