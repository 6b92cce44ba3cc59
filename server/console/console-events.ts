import type {
  ConsoleDeliveryFilter,
  ConsoleDeliveryList,
  ConsoleEndpointSummary,
} from '../../contract/console/console-events.ts';
import type { Database } from '../db/database.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import { listWebhookEndpoints, type EnvironmentEndpoint } from '../webhook-endpoints/manage-endpoints.ts';
import { listDeliveryLog, type DeliveryLogCursor } from './console-delivery-repository.ts';

/*
 * The console's Events page (docs/merchants/console.md): the delivery log and the endpoints' settings, read
 * here; resending and the test event call the merchant API's own use cases
 * (server/webhook-endpoints/resend-events.ts, send-test-event.ts) from server/routes/console-events.ts.
 */

export function encodeDeliveryCursor(cursor: DeliveryLogCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdKey, cursor.eventId, cursor.endpointId])).toString(
    'base64url',
  );
}

/** `created_at::text` as PostgreSQL writes it: `2026-11-26 07:06:54.123456+00`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function decodeDeliveryCursor(text: string): DeliveryLogCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString());
    if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === 'string'))
      return undefined;
    const [createdKey, eventId, endpointId] = value as [string, string, string];
    // The key goes to PostgreSQL as a timestamptz: a text that is not one would be a 500, not a 400.
    if (!TIMESTAMP.test(createdKey)) return undefined;
    return { createdKey, eventId, endpointId };
  } catch {
    return undefined;
  }
}

export async function deliveryLogPage(
  db: Database,
  environment: EnvironmentEndpoint | undefined,
  query: { status: ConsoleDeliveryFilter | undefined; after: DeliveryLogCursor | undefined; limit: number },
): Promise<ConsoleDeliveryList> {
  const rows = await listDeliveryLog(db, {
    environment: environment !== undefined,
    status: query.status,
    after: query.after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      event_id: row.eventId,
      type: row.type,
      endpoint_id: row.endpointId,
      endpoint_url: row.endpointId === ENVIRONMENT_ENDPOINT_ID ? (environment?.url ?? null) : row.endpointUrl,
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
      delivered_at: row.deliveredAt?.toISOString() ?? null,
      payment_id: row.attemptId,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor:
      rows.length > query.limit && last
        ? encodeDeliveryCursor({
            createdKey: last.createdKey,
            eventId: last.eventId,
            endpointId: last.endpointId,
          })
        : null,
  };
}

/** The endpoints as the merchant API lists them, without anything to manage (the Developers page does). */
export async function endpointSummaries(
  db: Database,
  environment: EnvironmentEndpoint | undefined,
  now: Date,
): Promise<ConsoleEndpointSummary[]> {
  const endpoints = await listWebhookEndpoints(db, environment, now);
  return endpoints.map((endpoint) => ({
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.event_types,
    enabled: endpoint.enabled,
    secret_hint: endpoint.secret_hint,
    implicit: endpoint.implicit === true,
  }));
}
