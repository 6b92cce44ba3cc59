import { sql, type SQL } from 'drizzle-orm';
import { newEventId } from '../events/event-ids.ts';
import { outboxInsertSql, payloadSql } from '../events/outbox.ts';

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
  const linkCompletedRows = sql`select ${eventId}::text as id, 'payment_link.completed'::text as type,
      null::text as session_id, null::text as attempt_id,
      ${payloadSql(
        eventId,
        'payment_link.completed',
        now,
        sql`jsonb_build_object(
          'id', l.id, 'object', 'payment_link', 'status', 'completed', 'title', l.title,
          'reference', l.reference, 'metadata', l.metadata, 'max_payments', l.max_payments,
          'payments_count', l.payments_count)`,
      )} as payload
    from link_counted l
    where l.max_payments is not null and l.payments_count = l.max_payments`;
  return sql`, link_counted as (
      update payment_links
      set payments_count = payments_count + 1,
          completed_at = case
            when max_payments is not null and payments_count + 1 >= max_payments and completed_at is null
            then ${at}::timestamptz else completed_at end
      where id = ${paymentLinkId} and exists (select 1 from completed)
      returning id, title, reference, metadata, max_payments, payments_count
    )
    , link_completed as (${outboxInsertSql(linkCompletedRows, now)})`;
}
