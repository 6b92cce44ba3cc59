import type { TestDeliveryResult } from '../../contract/webhook-endpoints.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_DELIVERY_POLICY } from '../events/delivery-worker.ts';
import { newEventId } from '../events/event-ids.ts';
import { postEvent } from '../events/post-event.ts';
import { signingSecrets } from './endpoint-delivery.ts';
import { ENVIRONMENT_ENDPOINT_ID } from './endpoint-ids.ts';
import { findEndpoint } from './endpoint-repository.ts';
import type { EnvironmentEndpoint } from './manage-endpoints.ts';

/** Not one of the outbox's types: only ever sent by this call, to one endpoint, never queued or retried. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

/**
 * "Send a test event": one signed POST now, to this endpoint only (enabled or not: the merchant is checking
 * it), signed as its deliveries are (both secrets during a roll's overlap). Answers what the endpoint said;
 * nothing is stored — it tells the merchant whether the URL and their verification work.
 */
export async function sendTestEvent(
  db: Database,
  endpointId: string,
  options: { now: Date; environment: EnvironmentEndpoint | undefined; timeoutMs?: number },
): Promise<TestDeliveryResult | undefined> {
  const target = await testTarget(db, endpointId, options);
  if (!target) return undefined;
  const eventId = newEventId();
  const body = JSON.stringify({
    id: eventId,
    type: TEST_EVENT_TYPE,
    created: Math.floor(options.now.getTime() / 1000),
    data: { object: { id: endpointId, object: 'webhook_endpoint', url: target.url } },
  });
  const result = await postEvent({
    url: target.url,
    secrets: target.secrets,
    body,
    now: options.now,
    timeoutMs: options.timeoutMs ?? DEFAULT_DELIVERY_POLICY.timeoutMs,
    signal: undefined,
  });
  return {
    object: 'webhook_test',
    endpoint_id: endpointId,
    event_id: eventId,
    ok: result.ok,
    status_code: result.statusCode,
    duration_ms: Math.round(result.durationMs),
    error: result.error,
  };
}

async function testTarget(
  db: Database,
  endpointId: string,
  options: { now: Date; environment: EnvironmentEndpoint | undefined },
): Promise<{ url: string; secrets: string[] } | undefined> {
  if (endpointId === ENVIRONMENT_ENDPOINT_ID) {
    return options.environment && { url: options.environment.url, secrets: [options.environment.secret] };
  }
  const row = await findEndpoint(db, endpointId);
  return row && { url: row.url, secrets: signingSecrets(row, options.now) };
}
