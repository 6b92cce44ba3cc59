import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MACHINE, DELIVERY_STATUSES, QUEUED_DELIVERY_STATUSES } from '../events/delivery-machine.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import {
  APPLIED_OPERATION_STATUSES,
  assertOperationMove,
  IN_FLIGHT_OPERATION_STATUSES,
  OPEN_OPERATION_STATUSES,
  OPERATION_MACHINE,
  OPERATION_STATUSES,
} from './operation-machine.ts';

const MIGRATION = new URL('../db/migrations/0026_operation_and_delivery_status_checks.sql', import.meta.url);

describe('the operation and delivery machines', () => {
  it('derives the sets the server acts on from the tables', () => {
    expect([...OPEN_OPERATION_STATUSES]).toEqual(['sending', 'unknown', 'pending']);
    expect([...IN_FLIGHT_OPERATION_STATUSES]).toEqual(['sending', 'unknown']);
    expect([...APPLIED_OPERATION_STATUSES]).toEqual(['pending', 'succeeded']);
    expect([...QUEUED_DELIVERY_STATUSES]).toEqual(['pending']);
  });

  it('leads only to known statuses, and a final operation nowhere', () => {
    for (const status of OPERATION_STATUSES)
      for (const to of OPERATION_MACHINE[status].to) expect(OPERATION_STATUSES).toContain(to);
    for (const status of DELIVERY_STATUSES)
      for (const to of DELIVERY_MACHINE[status].to) expect(DELIVERY_STATUSES).toContain(to);
    expect(() => {
      assertOperationMove('succeeded', 'failed');
    }).toThrow();
    expect(() => {
      assertOperationMove('pending', 'succeeded');
    }).not.toThrow();
  });

  it("the migration's CHECK lists are the tables'", () => {
    const lists = [...readFileSync(MIGRATION, 'utf8').matchAll(/in \(([^)]*)\)/gi)].map((m) => m[1]);
    expect(lists).toEqual([sqlStatusList(OPERATION_STATUSES), sqlStatusList(DELIVERY_STATUSES)]);
  });
});

describe.each(DRIVERS)('the operation and delivery statuses in the database (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('holds each table to its machine with a CHECK constraint', async () => {
    const rows = await queryRows(
      database.db,
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
          where conname in ('payment_operations_status', 'outbox_events_status', 'webhook_deliveries_status')
          order by conname`,
    );
    expect(rows.map((row) => row.conname)).toEqual([
      'outbox_events_status',
      'payment_operations_status',
      'webhook_deliveries_status',
    ]);
    const [outbox, operations, deliveries] = rows.map((row) => String(row.def));
    for (const status of OPERATION_STATUSES) expect(operations).toContain(`'${status}'`);
    for (const status of DELIVERY_STATUSES) {
      expect(outbox).toContain(`'${status}'`);
      expect(deliveries).toContain(`'${status}'`);
    }
    await expect(
      database.db.execute(
        sql`insert into outbox_events (id, type, payload, status, next_attempt_at)
            values ('evt_x', 'payment.succeeded', '{}'::jsonb, 'retrying', now())`,
      ),
    ).rejects.toThrow();
  });
});
