import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { mailSends } from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { MAIL } from './mail-machine.ts';

/*
 * What the notices that no payment carries read (server/mail/shop-notices.ts): the endpoints failing for an
 * hour (their circuits, decision 310) and one shop day's figures for the daily summary.
 */

export interface FailingEndpoint {
  endpointKey: string;
  /** When its circuit opened: the outage's identity (a new outage opens it again, later). */
  openedAt: Date;
  /** A registered endpoint's URL; null for the environment's MERCHANT_WEBHOOK_URL. */
  url: string | null;
}

/** Circuits open since `openedBefore` or earlier, of the environment's endpoint or an enabled one. */
export async function endpointsFailingSince(
  db: Database,
  openedBefore: Date,
  environmentKey: string,
): Promise<FailingEndpoint[]> {
  const rows = await queryRows(
    db,
    sql`select c.endpoint_key, c.opened_at, e.url
        from delivery_circuits c left join webhook_endpoints e on e.id = c.endpoint_key
        where c.opened_at is not null and c.opened_at <= ${openedBefore.toISOString()}::timestamptz
          and (c.endpoint_key = ${environmentKey} or e.enabled)
        order by c.opened_at`,
  );
  return rows.map((row) => ({
    endpointKey: String(row.endpoint_key),
    openedAt: new Date(String(row.opened_at)),
    url: typeof row.url === 'string' ? row.url : null,
  }));
}

/** Which of these idempotency keys are already queued (a notice is claimed by its key, once). */
export async function queuedKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mailSends.idempotencyKey })
    .from(mailSends)
    .where(inArray(mailSends.idempotencyKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/** Payments paid in [start, end), by method: how many and their captured total. */
export async function paidByMethod(
  db: Database,
  start: Date,
  end: Date,
): Promise<{ method: string; count: number; gross: number }[]> {
  const rows = await queryRows(
    db,
    sql`select payment_method as method, count(*)::int as count, coalesce(sum(captured_amount), 0)::bigint as gross
        from payment_attempts
        where paid_at >= ${start.toISOString()}::timestamptz and paid_at < ${end.toISOString()}::timestamptz
        group by payment_method order by payment_method`,
  );
  return rows.map((row) => ({
    method: String(row.method),
    count: Number(row.count),
    gross: Number(row.gross),
  }));
}

/** Refunds recorded in [start, end): each `payment.refunded` event with the amount refunded then. */
export async function refundsBetween(
  db: Database,
  start: Date,
  end: Date,
): Promise<{ count: number; amount: number }> {
  const rows = await queryRows(
    db,
    sql`select count(*)::int as count,
          coalesce(sum(case when jsonb_typeof(payload->'data'->'object'->'amount_refunded_now') = 'number'
            then (payload->'data'->'object'->>'amount_refunded_now')::bigint else 0 end), 0)::bigint as amount
        from outbox_events
        where type = 'payment.refunded'
          and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
  );
  return { count: Number(rows[0]?.count ?? 0), amount: Number(rows[0]?.amount ?? 0) };
}

/** A user's notices the hourly limit held in [start, end). */
export async function heldNoticesOf(db: Database, userId: string, start: Date, end: Date): Promise<number> {
  const rows = await queryRows(
    db,
    sql`select count(*)::int as n from mail_sends
        where user_id = ${userId} and status in (${sql.raw(sqlStatusList([MAIL.held]))})
          and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
  );
  return Number(rows[0]?.n ?? 0);
}
