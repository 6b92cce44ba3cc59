import { sql } from 'drizzle-orm';
import type { ConsoleDeliveryFilter } from '../../contract/console/console-events.ts';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';

/** The deliveries still to be made: shown as "retrying" once a try has failed. */
const PENDING = sql.raw(sqlStatusList(['pending']));

/** One delivery of the console's log: an event at one endpoint (the environment's or a webhook endpoint's). */
export interface DeliveryLogRow {
  eventId: string;
  type: string;
  endpointId: string;
  endpointUrl: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  attemptId: string | null;
  reference: string | null;
  createdAt: Date;
  /** The event's `created_at` as PostgreSQL wrote it (microseconds kept): the cursor's key. */
  createdKey: string;
}

export interface DeliveryLogCursor {
  createdKey: string;
  eventId: string;
  endpointId: string;
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function asStatus(value: unknown): DeliveryLogRow['status'] {
  return value === 'delivered' || value === 'failed' ? value : 'pending';
}

/**
 * The delivery log, newest event first: `outbox_events` as the environment's deliveries (only when
 * MERCHANT_WEBHOOK_URL is set — otherwise nobody receives them and their `pending` means nothing) and
 * `webhook_deliveries` as each endpoint's, with the order reference of the event's session. One statement,
 * its text constant: the filters are parameters.
 */
export async function listDeliveryLog(
  db: Database,
  options: {
    environment: boolean;
    status: ConsoleDeliveryFilter | undefined;
    after: DeliveryLogCursor | undefined;
    limit: number;
  },
): Promise<DeliveryLogRow[]> {
  const { after } = options;
  const status = options.status ?? '';
  const rows = await queryRows(
    db,
    sql`select x.*, x.created_at::text as created_key from (
          select e.id as event_id, e.type, ${ENVIRONMENT_ENDPOINT_ID}::text as endpoint_id, null::text as endpoint_url,
                 e.status, e.attempts, e.last_error, e.next_attempt_at, e.delivered_at, e.attempt_id,
                 e.session_id, e.created_at
            from outbox_events e
           where ${options.environment}::boolean
          union all
          select e.id, e.type, d.endpoint_id, w.url, d.status, d.attempts, d.last_error, d.next_attempt_at,
                 d.delivered_at, e.attempt_id, e.session_id, e.created_at
            from webhook_deliveries d
            join outbox_events e on e.id = d.event_id
            join webhook_endpoints w on w.id = d.endpoint_id
        ) x
        left join lateral (select reference from checkout_sessions s where s.id = x.session_id) s on true
        where (${status}::text = ''
               or (${status}::text = 'retrying' and x.status = ${PENDING} and x.last_error is not null)
               or x.status = ${status}::text)
          and (${after?.createdKey ?? null}::timestamptz is null
               or (x.created_at, x.event_id, x.endpoint_id)
                  < (${after?.createdKey ?? null}::timestamptz, ${after?.eventId ?? ''}::text, ${after?.endpointId ?? ''}::text))
        order by x.created_at desc, x.event_id desc, x.endpoint_id desc
        limit ${options.limit}`,
  );
  return rows.map((row) => ({
    eventId: String(row.event_id),
    type: String(row.type),
    endpointId: String(row.endpoint_id),
    endpointUrl: textOrNull(row.endpoint_url),
    status: asStatus(row.status),
    attempts: Number(row.attempts),
    lastError: textOrNull(row.last_error),
    nextAttemptAt: row.next_attempt_at === null ? null : asDate(row.next_attempt_at),
    deliveredAt: row.delivered_at === null ? null : asDate(row.delivered_at),
    attemptId: textOrNull(row.attempt_id),
    reference: textOrNull(row.reference),
    createdAt: asDate(row.created_at),
    createdKey: String(row.created_key),
  }));
}
