import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { PAYABLE_STATUSES } from '../payments/state-machine.ts';

/* The count of a payment link's slots taken by its sessions (link-slots.ts decides what it allows). */

const PAYABLE = sql.raw(sqlStatusList(PAYABLE_STATUSES));
/** An issued PIX code not paid yet. */
const WAITING = sql.raw(sqlStatusList(['waiting_payment']));
const COMPLETE = sql.raw(sqlStatusList(['complete']));

/**
 * The link's other sessions that are paid (complete), and those that hold one of its `max_payments` slots
 * besides `sessionId`: paid, or with a payment that may still take money (on the wire, unknown, processing
 * — a 3DS challenge — or a PIX code issued after `holdStart`). One statement, as before.
 */
export async function countLinkSlots(
  db: Database,
  linkId: string,
  sessionId: string,
  holdStart: Date,
): Promise<{ paid: number; taken: number }> {
  const rows = await queryRows(
    db,
    sql`select count(*) filter (where s.status in (${COMPLETE}))::int as paid, count(*)::int as taken
        from checkout_sessions s
        where s.payment_link_id = ${linkId} and s.id <> ${sessionId}
          and (s.status in (${COMPLETE})
               or exists (select 1 from payment_attempts a where a.session_id = s.id and a.status in (${PAYABLE})
                            and not (a.payment_method = 'pix' and a.status in (${WAITING})
                                     and a.created_at <= ${holdStart.toISOString()}::timestamptz)))`,
  );
  return { paid: Number(rows[0]?.paid ?? 0), taken: Number(rows[0]?.taken ?? 0) };
}
