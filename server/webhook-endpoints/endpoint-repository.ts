import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  outboxDeliveries,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import {
  DELIVERY,
  DELIVERY_STATUSES,
  isDeliveryStatus,
  type DeliveryStatus,
} from '../events/delivery-machine.ts';
import { recordCircuitOutcome, type CircuitRule } from '../events/circuit-repository.ts';
import * as queue from '../events/lease-queue-repository.ts';

/*
 * The queries of webhook_endpoints and webhook_deliveries: the merchant's endpoints, the fan-out of outbox
 * events to each subscribed endpoint's queue, and the endpoint delivery worker's claims and results
 * (endpoint-delivery.ts). The attempts themselves go to outbox_deliveries, with the endpoint's id.
 */

export type NewWebhookEndpoint = Omit<WebhookEndpointRow, 'updatedAt'> & { updatedAt: Date };

export async function insertEndpoint(db: Database, row: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('webhook endpoint insert returned no row');
  return inserted;
}

export async function countEndpoints(db: Database): Promise<number> {
  const rows = await queryRows(db, sql`select count(*)::int as n from webhook_endpoints`);
  return Number(rows[0]?.n ?? 0);
}

export async function listEndpointRows(db: Database): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Database, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpointRow(
  db: Database,
  id: string,
  patch: Partial<Omit<WebhookEndpointRow, 'id' | 'createdAt'>>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** The endpoints made with these API keys (decision 288), oldest first. */
export async function endpointsMadeWithKeys(
  db: Database,
  apiKeyIds: readonly string[],
): Promise<WebhookEndpointRow[]> {
  if (apiKeyIds.length === 0) return [];
  return db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.createdByApiKeyId, [...apiKeyIds]))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** The enabled endpoints made with this API key, disabled now; answers those it disabled. */
export async function disableEndpointsMadeWithKey(
  db: Database,
  apiKeyId: string,
  now: Date,
): Promise<WebhookEndpointRow[]> {
  return db
    .update(webhookEndpoints)
    .set({ enabled: false, updatedAt: now })
    .where(and(eq(webhookEndpoints.createdByApiKeyId, apiKeyId), eq(webhookEndpoints.enabled, true)))
    .returning();
}

/** The endpoint and its queue go (cascade); its past attempts stay in outbox_deliveries under its id. */
export async function deleteEndpointRow(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Each endpoint's count of deliveries by status (for the list: "3 failed"). */
export async function deliveryCountsByEndpoint(
  db: Database,
): Promise<Map<string, Record<DeliveryStatus, number>>> {
  const rows = await queryRows(
    db,
    sql`select endpoint_id, status, count(*)::int as n from webhook_deliveries group by endpoint_id, status`,
  );
  const counts = new Map<string, Record<DeliveryStatus, number>>();
  for (const row of rows) {
    const id = String(row.endpoint_id);
    const entry =
      counts.get(id) ??
      (Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<DeliveryStatus, number>);
    const status = String(row.status);
    if (isDeliveryStatus(status)) entry[status] = Number(row.n);
    counts.set(id, entry);
  }
  return counts;
}

/**
 * Copies a batch of new outbox events to the queue of every enabled endpoint subscribed to their type and
 * existing when the event was written, and marks them fanned out — one statement, so an event is fanned out
 * once (the primary key (event, endpoint) and SKIP LOCKED make concurrent instances harmless).
 */
export async function fanOutEvents(
  db: Database,
  now: Date,
  limit: number,
): Promise<{ events: number; deliveries: number }> {
  const at = now.toISOString();
  const rows = await queryRows(
    db,
    sql`with batch as (
          select id, type, created_at from outbox_events
          where fanned_out_at is null
          order by created_at
          limit ${limit}
          for update skip locked
        ),
        fanned as (
          insert into webhook_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
          select b.id, w.id, ${sql.raw(sqlStatusList([DELIVERY.pending]))}, 0, ${at}::timestamptz, ${at}::timestamptz
          from batch b
          join webhook_endpoints w
            on w.enabled and w.created_at <= b.created_at
            and (w.event_types @> jsonb_build_array(b.type) or w.event_types @> '["*"]'::jsonb)
          on conflict do nothing
          returning 1
        ),
        marked as (
          update outbox_events set fanned_out_at = ${at}::timestamptz
          where id in (select id from batch)
          returning 1
        )
        select (select count(*) from marked)::int as events, (select count(*) from fanned)::int as deliveries`,
  );
  return { events: Number(rows[0]?.events ?? 0), deliveries: Number(rows[0]?.deliveries ?? 0) };
}

/** One event claimed for one endpoint: the body, the endpoint's URL and secrets, tries so far (this one included). */
export interface ClaimedDelivery {
  eventId: string;
  endpointId: string;
  payload: unknown;
  attempts: number;
  eventCreatedAt: Date;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * As outbox events are claimed (event-repository.ts): SKIP LOCKED and a lease; a disabled endpoint's wait, and
 * so does an endpoint whose circuit is open (circuit-repository.ts) — but for its probe: with `probeEndpointId`,
 * that endpoint's waiting delivery whose retry comes first, due or not.
 */
export async function claimDueDeliveries(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number; probeEndpointId?: string },
): Promise<ClaimedDelivery[]> {
  const probe = options.probeEndpointId;
  const which =
    probe === undefined
      ? sql`${queue.claimableSql('q', options.now)} and qc.opened_at is null`
      : sql`${queue.claimableSql('q', options.now, true)} and q.endpoint_id = ${probe}`;
  const rows = await queryRows(
    db,
    sql`update webhook_deliveries d
        set locked_until = ${options.leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1
        from (
          select q.event_id, q.endpoint_id from webhook_deliveries q
          join webhook_endpoints qw on qw.id = q.endpoint_id and qw.enabled
          left join delivery_circuits qc on qc.endpoint_key = q.endpoint_id
          where ${which}
          order by q.next_attempt_at
          limit ${probe === undefined ? options.limit : 1}
          for update of q skip locked
        ) c, webhook_endpoints w, outbox_events e
        where d.event_id = c.event_id and d.endpoint_id = c.endpoint_id
          and w.id = d.endpoint_id and e.id = d.event_id
        returning d.event_id, d.endpoint_id, d.attempts, e.payload, e.created_at as event_created_at,
          w.url, w.secret, w.previous_secret, w.previous_secret_expires_at`,
  );
  return rows.map((row) => ({
    eventId: String(row.event_id),
    endpointId: String(row.endpoint_id),
    payload: queue.jsonOf(row.payload),
    attempts: Number(row.attempts),
    eventCreatedAt: queue.asDate(row.event_created_at),
    url: String(row.url),
    secret: String(row.secret),
    previousSecret: typeof row.previous_secret === 'string' ? row.previous_secret : null,
    previousSecretExpiresAt:
      row.previous_secret_expires_at === null ? null : queue.asDate(row.previous_secret_expires_at),
  }));
}

export interface EndpointAttempt {
  eventId: string;
  endpointId: string;
  attemptedAt: Date;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * The attempt is stored and the delivery marked delivered, retried later or failed, and the endpoint's circuit
 * counts it (the 2xx that closes it makes everything of the endpoint waiting due now) — one transaction.
 */
export async function recordEndpointDelivery(
  db: Database,
  attempt: EndpointAttempt,
  retry: { giveUp: boolean; nextAttemptAt: Date },
  circuit: CircuitRule,
): Promise<{ recovered: boolean; opened: boolean; open: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(outboxDeliveries).values({
      eventId: attempt.eventId,
      endpointId: attempt.endpointId,
      attemptedAt: attempt.attemptedAt,
      ok: attempt.ok,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    });
    await tx
      .update(webhookDeliveries)
      .set(queue.settledColumns(attempt, retry))
      .where(
        and(
          eq(webhookDeliveries.eventId, attempt.eventId),
          eq(webhookDeliveries.endpointId, attempt.endpointId),
          eq(webhookDeliveries.status, queue.SETTLED_FROM),
        ),
      );
    const outcome = await recordCircuitOutcome(tx, circuit, attempt.ok, attempt.attemptedAt);
    if (outcome.recovered) await pullEndpointRetriesForward(tx, attempt.endpointId, attempt.attemptedAt);
    return outcome;
  });
}

/** Claimed but not started (shutdown): back at once, the try uncounted. */
export async function releaseDeliveryClaims(
  db: Database,
  claims: readonly { eventId: string; endpointId: string }[],
): Promise<void> {
  for (const claim of claims) {
    await db
      .update(webhookDeliveries)
      .set(queue.releasedColumns(webhookDeliveries.attempts))
      .where(
        and(
          eq(webhookDeliveries.eventId, claim.eventId),
          eq(webhookDeliveries.endpointId, claim.endpointId),
          eq(webhookDeliveries.status, queue.SETTLED_FROM),
        ),
      );
  }
}

/** The endpoint answers again: everything of it waiting on back-off is due now. */
async function pullEndpointRetriesForward(db: Database, endpointId: string, now: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, DELIVERY.pending),
        gt(webhookDeliveries.nextAttemptAt, now),
      ),
    );
}

/** One event's deliveries to the endpoints (for the event's page). */
export async function deliveriesOfEvent(db: Database, eventId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventId, eventId))
    .orderBy(webhookDeliveries.endpointId);
}

/**
 * Back to the queue, due now: one event's deliveries (to one endpoint, or to every endpoint it went to), or
 * every failed delivery (of one endpoint, or all). Answers how many deliveries were requeued.
 */
export async function requeueDeliveries(
  db: Database,
  options: { now: Date; eventId?: string; endpointId?: string; onlyFailed: boolean },
): Promise<number> {
  const conditions = [
    options.eventId === undefined ? undefined : eq(webhookDeliveries.eventId, options.eventId),
    options.endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, options.endpointId),
    options.onlyFailed ? eq(webhookDeliveries.status, DELIVERY.failed) : undefined,
  ];
  const rows = await db
    .update(webhookDeliveries)
    .set(queue.requeuedColumns(options.now))
    .where(and(...conditions))
    .returning({ id: webhookDeliveries.eventId });
  return rows.length;
}

/** Whether these endpoints exist (a resend naming an unknown one is a 404). */
export async function existingEndpointIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** One event queued for one endpoint, due now — a new delivery or an old one sent again. */
export async function enqueueDelivery(
  db: Database,
  eventId: string,
  endpointId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(webhookDeliveries)
    .values({
      eventId,
      endpointId,
      status: DELIVERY.pending,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [webhookDeliveries.eventId, webhookDeliveries.endpointId],
      set: queue.requeuedColumns(now),
    });
}
