import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { olderThan } from '../db/newest-first.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  outboxDeliveries,
  outboxEvents,
  webhookDeliveries,
  webhookEndpoints,
  type OutboxDeliveryRow,
  type OutboxEventRow,
} from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { recordCircuitOutcome, type CircuitRule } from './circuit-repository.ts';
import { DELIVERY, type DeliveryStatus } from './delivery-machine.ts';
import {
  asDate,
  claimableSql,
  jsonOf,
  releasedColumns,
  requeuedColumns,
  SETTLED_FROM,
  settledColumns,
} from './lease-queue-repository.ts';

/*
 * The queries of the outbox tables (outbox_events, outbox_deliveries): the merchant's reads and resends,
 * and the delivery worker's claims and results (delivery-worker.ts). Events are written by outbox.ts,
 * inside the statement or transaction of the change they report.
 */

export type OutboxStatus = DeliveryStatus;

/** The merchant's list of events, newest first, of one status or all, after a cursor (the last row of a page). */
export async function listEvents(
  db: Database,
  options: {
    status: OutboxStatus | undefined;
    limit: number;
    after?: { createdAt: Date; id: string } | undefined;
  },
): Promise<OutboxEventRow[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(
      and(
        options.status ? eq(outboxEvents.status, options.status) : undefined,
        olderThan(outboxEvents.createdAt, outboxEvents.id, options.after),
      ),
    )
    .orderBy(desc(outboxEvents.createdAt), desc(outboxEvents.id))
    .limit(options.limit);
}

/** One event with its delivery attempts, oldest first. */
export async function findEventWithDeliveries(
  db: Database,
  id: string,
): Promise<{ event: OutboxEventRow; deliveries: OutboxDeliveryRow[] } | undefined> {
  const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
  if (!event) return undefined;
  const deliveries = await db
    .select()
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.eventId, event.id))
    .orderBy(outboxDeliveries.id);
  return { event, deliveries };
}

/** A payment's events, oldest first, each with its delivery attempts (the console's payment page). */
export async function eventsOfAttempt(
  db: Database,
  attemptId: string,
): Promise<{ event: OutboxEventRow; deliveries: OutboxDeliveryRow[] }[]> {
  const events = await db
    .select()
    .from(outboxEvents)
    .where(eq(outboxEvents.attemptId, attemptId))
    .orderBy(outboxEvents.createdAt, outboxEvents.id)
    .limit(200);
  if (events.length === 0) return [];
  const deliveries = await db
    .select()
    .from(outboxDeliveries)
    .where(
      inArray(
        outboxDeliveries.eventId,
        events.map((event) => event.id),
      ),
    )
    .orderBy(outboxDeliveries.id);
  return events.map((event) => ({
    event,
    deliveries: deliveries.filter((delivery) => delivery.eventId === event.id),
  }));
}

/** The events' deliveries to the webhook endpoints (one per event and endpoint), for a payment's page. */
export async function endpointDeliveriesOf(
  db: Database,
  eventIds: readonly string[],
): Promise<{ eventId: string; url: string; status: DeliveryStatus; attempts: number }[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: webhookDeliveries.eventId,
      url: webhookEndpoints.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.eventId, [...eventIds]))
    .orderBy(webhookEndpoints.url);
}

/** Back to the queue, due now (a failed event the merchant asks to resend). */
export async function requeueEvent(db: Database, id: string, now: Date): Promise<OutboxEventRow | undefined> {
  const [row] = await db
    .update(outboxEvents)
    .set(requeuedColumns(now))
    .where(eq(outboxEvents.id, id))
    .returning();
  return row;
}

/** An event claimed for delivery: its body, how many tries so far (this one included), its age. */
export interface ClaimedEvent {
  id: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
}

/**
 * Claims due events in one statement: `FOR UPDATE SKIP LOCKED` lets several instances claim at once
 * without waiting on or taking each other's rows, and the lease (`locked_until`) keeps a claimed row from
 * being claimed again while its delivery runs. A crash leaves the lease to expire: at-least-once. A probe
 * (the endpoint's circuit is open: circuit-repository.ts) takes the waiting event whose retry comes first,
 * due or not — so successive probes go round the backlog rather than hammer its oldest event.
 */
export async function claimDueEvents(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number; probe: boolean },
): Promise<ClaimedEvent[]> {
  const { probe } = options;
  const lease = options.leaseUntil.toISOString();
  const rows = await queryRows(
    db,
    sql`update outbox_events set locked_until = ${lease}::timestamptz, attempts = attempts + 1
        where id in (
          select id from outbox_events
          where ${claimableSql(undefined, options.now, probe)}
          order by next_attempt_at
          limit ${options.limit}
          for update skip locked
        )
        returning id, payload, attempts, created_at`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    payload: jsonOf(row.payload),
    attempts: Number(row.attempts),
    createdAt: asDate(row.created_at),
  }));
}

/** One POST to the merchant's endpoint, as `outbox_deliveries` keeps it. */
export type DeliveryAttempt = Omit<OutboxDeliveryRow, 'id' | 'endpointId'>;

/**
 * One transaction: the delivery attempt is stored, and its event marked delivered — or, still pending,
 * given its next try, or failed (`giveUp`). An event no longer pending (resent meanwhile) is left as it is.
 * The endpoint's circuit counts the outcome; the 2xx that closes it makes every waiting event due now.
 */
export async function recordDelivery(
  db: Database,
  attempt: DeliveryAttempt,
  retry: { giveUp: boolean; nextAttemptAt: Date },
  circuit: CircuitRule,
): Promise<{ recovered: boolean; opened: boolean; open: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(outboxDeliveries).values(attempt);
    await tx
      .update(outboxEvents)
      .set(settledColumns(attempt, retry))
      .where(and(eq(outboxEvents.id, attempt.eventId), eq(outboxEvents.status, SETTLED_FROM)));
    const outcome = await recordCircuitOutcome(tx, circuit, attempt.ok, attempt.attemptedAt);
    if (outcome.recovered) await pullRetriesForward(tx, attempt.attemptedAt);
    return outcome;
  });
}

/** Claimed events not started (shutdown) go back at once rather than after the lease, their try uncounted. */
export async function releaseClaims(db: Database, ids: readonly string[]): Promise<void> {
  await db
    .update(outboxEvents)
    .set(releasedColumns(outboxEvents.attempts))
    .where(and(inArray(outboxEvents.id, [...ids]), eq(outboxEvents.status, SETTLED_FROM)));
}

/** Every pending event waiting on its back-off is due now (the merchant's endpoint answers again). */
async function pullRetriesForward(db: Database, now: Date): Promise<void> {
  await db
    .update(outboxEvents)
    .set({ nextAttemptAt: now })
    .where(and(eq(outboxEvents.status, DELIVERY.pending), gt(outboxEvents.nextAttemptAt, now)));
}

/** Every failed event back to the queue, due now (the merchant's "resend all failed"); answers how many. */
export async function requeueFailedEvents(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(outboxEvents)
    .set(requeuedColumns(now))
    .where(eq(outboxEvents.status, DELIVERY.failed))
    .returning({ id: outboxEvents.id });
  return rows.length;
}

const DELIVERED = sql.raw(sqlStatusList([DELIVERY.delivered]));

/**
 * Deletes up to `batch` events delivered before `before`, with their delivery attempts (retention.ts); answers
 * how many of each went.
 */
export async function deleteDeliveredEventsBefore(
  db: Database,
  before: Date,
  batch: number,
): Promise<{ deliveries: number; events: number }> {
  const rows = await queryRows(
    db,
    sql`with old as (
          select id from outbox_events
          where status in (${DELIVERED}) and delivered_at < ${before.toISOString()}::timestamptz
            -- Not while a webhook endpoint still waits for it (its queue row would go with it).
            and (fanned_out_at is not null or not exists (select 1 from webhook_endpoints))
            and not exists (
              select 1 from webhook_deliveries d where d.event_id = outbox_events.id and d.status not in (${DELIVERED})
            )
          order by delivered_at
          limit ${batch}
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
  return { deliveries: Number(rows[0]?.deliveries ?? 0), events: Number(rows[0]?.events ?? 0) };
}
