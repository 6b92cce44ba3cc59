import { sql, type SQL } from 'drizzle-orm';
import { newEventId } from '../events/event-ids.ts';

/**
 * CTEs for the statement that completes a session (payments/record-transaction.ts), after its `completed`
 * CTE: when the session came from a payment link, the link's `payments_count` grows by one and, when
 * that reaches `max_payments`, `payment_link.completed` goes to the outbox — in the same statement, so
 * the count, the session's completion and the event commit together. The counter is an UPDATE of the
 * link's row, which PostgreSQL applies to the latest committed version (two sessions completing at once
 * count 1 then 2, never 1 and 1), so exactly one completion announces the link used up.
 */
export function linkCompletionCtes(paymentLinkId: string | null | undefined, now: Date): SQL {
  if (!paymentLinkId) return sql``;
  const at = now.toISOString();
  const eventId = newEventId();
  return sql`, link_counted as (
      update payment_links
      set payments_count = payments_count + 1,
          completed_at = case
            when max_payments is not null and payments_count + 1 >= max_payments and completed_at is null
            then ${at}::timestamptz else completed_at end
      where id = ${paymentLinkId} and exists (select 1 from completed)
      returning id, title, reference, metadata, max_payments, payments_count
    )
    , link_completed as (
      insert into outbox_events (id, type, session_id, attempt_id, payload, status, next_attempt_at, created_at)
      select ${eventId}, 'payment_link.completed', null, null,
             jsonb_build_object(
               'id', ${eventId}::text,
               'type', 'payment_link.completed',
               'created', ${Math.floor(now.getTime() / 1000)}::int,
               'data', jsonb_build_object('object', jsonb_build_object(
                 'id', l.id, 'object', 'payment_link', 'status', 'completed', 'title', l.title,
                 'reference', l.reference, 'metadata', l.metadata, 'max_payments', l.max_payments,
                 'payments_count', l.payments_count))),
             'pending', ${at}::timestamptz, ${at}::timestamptz
      from link_counted l
      where l.max_payments is not null and l.payments_count = l.max_payments
      returning id
    )`;
}
