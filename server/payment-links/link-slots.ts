import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { PAYABLE_STATUSES } from '../payments/state-machine.ts';
import { beginAttempt, type AttemptStart, type BeginResult } from '../payments/begin-attempt.ts';
import { hitAll, type RateRule } from '../rate-limit/rate-limit.ts';
import { lockLink } from './link-repository.ts';

export type LinkBeginResult = BeginResult | { kind: 'used-up' };

/**
 * Sessions of the link that hold one of its `max_payments` slots, besides `sessionId`: paid (complete),
 * or with a payment that may still take money (on the wire, unknown, processing — a 3DS challenge — or a
 * PIX code open).
 */
async function slotsTaken(db: Database, linkId: string, sessionId: string): Promise<number> {
  const payable = sql.join(
    PAYABLE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    sql`select count(*)::int as taken from checkout_sessions s
        where s.payment_link_id = ${linkId} and s.id <> ${sessionId}
          and (s.status = 'complete'
               or exists (select 1 from payment_attempts a where a.session_id = s.id and a.status in (${payable})))`,
  );
  return Number(rows[0]?.taken ?? 0);
}

/**
 * Begins a payment of a session opened from a payment link with `max_payments` (docs/decisions/220-payment-link-slots.md):
 * the link's row is locked, the slots counted and the attempt begun in ONE transaction, so of two shoppers
 * paying the last slot at once exactly one begins; the other is told before anything is sent to the
 * gateway (`used-up`). The lock serialises the count: the second transaction counts after the first has
 * committed its attempt (READ COMMITTED takes a new snapshot per statement). A refused or failed payment
 * frees its slot by itself, since only paid sessions and payments that may still take money count.
 */
export async function beginLinkAttempt(
  db: Database,
  linkId: string,
  attempt: AttemptStart,
  now: Date,
  rules: readonly RateRule[] = [],
): Promise<LinkBeginResult> {
  return db.transaction(async (tx): Promise<LinkBeginResult> => {
    const link = await lockLink(tx, linkId);
    if (link?.maxPayments !== null && link?.maxPayments !== undefined) {
      const taken = await slotsTaken(tx, linkId, attempt.sessionId);
      if (taken >= link.maxPayments) {
        // The request still counts against its limits (card testing on a used-up link is still testing).
        const verdict = await hitAll(tx, rules, now);
        if (!verdict.allowed) return { kind: 'rate-limited', verdict };
        return { kind: 'used-up' };
      }
    }
    return beginAttempt(tx, attempt, now, rules);
  });
}
