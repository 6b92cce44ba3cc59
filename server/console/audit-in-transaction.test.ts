import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeCustomerCard } from '../customers/manage-customers.ts';
import { queryRows } from '../db/query-rows.ts';
import { saveCard } from '../saved-cards/saved-card-repository.ts';
import { addEvents } from '../test/outbox-fill.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { resendEvent, resendFailedDeliveries } from '../webhook-endpoints/resend-events.ts';

const BIA = { userId: 'usr_bia', email: 'bia@loja.test' };

/**
 * A console change and its audit row commit together or not at all: the use case writes the row in the
 * change's transaction, so an audit row that cannot be written takes the change back with it (here a CHECK
 * refuses the row, as a crash between the two would have lost it).
 */
describe.each(DRIVERS)('audit rows commit with their change (%s)', (driver) => {
  let database: TestDatabase;
  const now = new Date('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`alter table console_audit_log drop constraint if exists audit_refused`);
    await database.reset();
  });

  async function refuseAuditRows(action: string) {
    await database.db.execute(
      sql.raw(`alter table console_audit_log add constraint audit_refused check (action <> '${action}')`),
    );
  }
  const auditCount = async () =>
    Number((await queryRows(database.db, sql`select count(*) as n from console_audit_log`))[0]?.n);

  it('a saved card removed from the console stays when its audit row is refused; removed with it otherwise', async () => {
    const facts = {
      cardId: 77,
      brand: 'visa',
      firstDigits: '411111',
      lastDigits: '1111',
      holderName: 'MARIA',
    };
    await saveCard(database.db, 'cust-maria', facts, 'cs_1', now);
    await refuseAuditRows('customer.card_remove');
    await expect(removeCustomerCard(database.db, 'cust-maria', 77, { actor: BIA, now })).rejects.toThrow();
    expect(await queryRows(database.db, sql`select card_id from saved_cards`)).toHaveLength(1);
    expect(await auditCount()).toBe(0);

    await database.db.execute(sql`alter table console_audit_log drop constraint audit_refused`);
    expect(await removeCustomerCard(database.db, 'cust-maria', 77, { actor: BIA, now })).toBe(true);
    expect(await queryRows(database.db, sql`select card_id from saved_cards`)).toHaveLength(0);
    expect(await auditCount()).toBe(1);
  });

  it('a resend from the console requeues nothing when its audit row is refused', async () => {
    await addEvents(database.db, 2, now);
    await database.db.execute(sql`update outbox_events set status = 'failed'`);
    const [first] = await queryRows(database.db, sql`select id from outbox_events order by id limit 1`);
    const eventId = String(first?.id);
    await refuseAuditRows('event.resend');
    await expect(resendEvent(database.db, eventId, { now, actor: BIA })).rejects.toThrow();
    await database.db.execute(sql`alter table console_audit_log drop constraint audit_refused`);
    await refuseAuditRows('event.resend_failed');
    await expect(resendFailedDeliveries(database.db, { now, actor: BIA })).rejects.toThrow();
    const statuses = await queryRows(database.db, sql`select distinct status from outbox_events`);
    expect(statuses.map((row) => row.status)).toEqual(['failed']);
    expect(await auditCount()).toBe(0);
  });
});
