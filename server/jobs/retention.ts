import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { RATE_LIMIT_KEEP_MS } from '../rate-limit/rate-limit.ts';

/** RETENTION_DAYS unset: delivered events and their delivery attempts are kept this long. */
export const DEFAULT_RETENTION_DAYS = 30;
/** Rows deleted per statement: short statements, no long lock, the rest on the next pass. */
const BATCH = 1_000;
const DAY_MS = 24 * 3_600_000;

export interface PruneResult {
  deliveries: number;
  events: number;
  rateLimitRows: number;
}

/**
 * Retention (docs/operators/fault-tolerance.md): events delivered more than `retentionDays` ago are deleted
 * with their delivery attempts, and rate-limit counters once their window is long over. Pending and failed
 * events are kept (the merchant may still resend a failed one); payments, their history and operations are
 * kept — they are the merchant's records. Several instances may run it at once: deletes are idempotent.
 */
export async function pruneRetention(db: Database, now: Date, retentionDays: number): Promise<PruneResult> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const rows = await queryRows(
    db,
    sql`with old as (
          select id from outbox_events
          where status = 'delivered' and delivered_at < ${before}::timestamptz
            -- Not while a webhook endpoint still waits for it (its queue row would go with it).
            and (fanned_out_at is not null or not exists (select 1 from webhook_endpoints))
            and not exists (
              select 1 from webhook_deliveries d where d.event_id = outbox_events.id and d.status <> 'delivered'
            )
          order by delivered_at
          limit ${BATCH}
        ),
        deliveries as (
          delete from outbox_deliveries where event_id in (select id from old) returning 1
        ),
        events as (
          -- The foreign key is checked at the end of the statement, after both deletes.
          delete from outbox_events where id in (select id from old) returning 1
        )
        select (select count(*) from deliveries)::int as deliveries, (select count(*) from events)::int as events`,
  );
  const hits = await queryRows(
    db,
    sql`with gone as (
          delete from rate_limit_hits where ctid in (
            select ctid from rate_limit_hits
            where window_start < ${new Date(now.getTime() - RATE_LIMIT_KEEP_MS).toISOString()}::timestamptz
            limit ${BATCH}
          ) returning 1
        )
        select count(*)::int as n from gone`,
  );
  return {
    deliveries: Number(rows[0]?.deliveries ?? 0),
    events: Number(rows[0]?.events ?? 0),
    rateLimitRows: Number(hits[0]?.n ?? 0),
  };
}
