import { DELIVERY_ADDRESS_NOT_ALLOWED, type TestDeliveryResult } from '../../contract/webhook-endpoints.ts';
import type { AppPolicy } from '../app-deps.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { EgressPolicy } from '../egress/egress-policy.ts';
import { DEFAULT_DELIVERY_POLICY } from '../events/delivery-worker.ts';
import { newEventId } from '../events/event-ids.ts';
import { postEvent, type PostDestination } from '../events/post-event.ts';
import { meter, type MeteredUse } from '../rate-limit/metering.ts';
import { signingSecrets } from './endpoint-delivery.ts';
import { ENVIRONMENT_ENDPOINT_ID } from './endpoint-ids.ts';
import { findEndpoint } from './endpoint-repository.ts';
import type { EnvironmentEndpoint } from './manage-endpoints.ts';

/** Not one of the outbox's types: only ever sent by this call, to one endpoint, never queued or retried. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

export type TestEventOutcome =
  | { kind: 'sent'; result: TestDeliveryResult }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  /** The endpoint's URL is, or now resolves to, an address that is not public: nothing was sent. */
  | { kind: 'url_not_public' };

/**
 * "Send a test event": one signed POST now, to this endpoint only (enabled or not: the merchant is checking
 * it), signed as its deliveries are (both secrets during a roll's overlap), to an address checked as its
 * deliveries' are. Metered per key (or console user) and address. Answers delivered or not with the
 * endpoint's HTTP status — never why a connection failed, which would make it a scanner of what the server
 * can reach (docs/decisions/280-webhook-egress-policy.md). Nothing is stored but, with an `actor` (the
 * console), its audit row with the outcome; too many tries are not written down one by one.
 */
export async function sendTestEvent(
  deps: {
    db: Database;
    policy: AppPolicy;
    egress: EgressPolicy;
    environment: EnvironmentEndpoint | undefined;
  },
  input: {
    endpointId: string;
    meteredAs: Extract<MeteredUse, { kind: 'merchant-test-event' | 'console-test-event' }>;
    clientAddress: string;
    now: Date;
    timeoutMs?: number;
    actor?: AuditActor;
  },
): Promise<TestEventOutcome> {
  const { endpointId, now, actor } = input;
  const verdict = await meter(deps.db, deps.policy, input.meteredAs, input.clientAddress, now);
  if (!verdict.allowed) return { kind: 'rate_limited', retryAfterSeconds: verdict.retryAfterSeconds };
  const outcome = await sendOnce(deps, input);
  if (actor) {
    await recordAudit(
      deps.db,
      actor,
      'event.test',
      { type: 'webhook_endpoint', id: endpointId },
      outcome.kind === 'sent'
        ? { ok: outcome.result.ok, status_code: outcome.result.status_code }
        : { outcome: outcome.kind === 'not_found' ? 'no_endpoint' : outcome.kind },
      now,
    );
  }
  return outcome;
}

async function sendOnce(
  deps: { db: Database; egress: EgressPolicy; environment: EnvironmentEndpoint | undefined },
  input: { endpointId: string; now: Date; timeoutMs?: number },
): Promise<Exclude<TestEventOutcome, { kind: 'rate_limited' }>> {
  const { endpointId, now } = input;
  const target = await testTarget(deps, endpointId, now);
  if (!target) return { kind: 'not_found' };
  const eventId = newEventId();
  const body = JSON.stringify({
    id: eventId,
    type: TEST_EVENT_TYPE,
    created: Math.floor(now.getTime() / 1000),
    data: { object: { id: endpointId, object: 'webhook_endpoint', url: target.url } },
  });
  const result = await postEvent({
    url: target.url,
    destination: target.destination,
    secrets: target.secrets,
    body,
    now,
    timeoutMs: input.timeoutMs ?? DEFAULT_DELIVERY_POLICY.timeoutMs,
    signal: undefined,
  });
  if (result.error === DELIVERY_ADDRESS_NOT_ALLOWED) return { kind: 'url_not_public' };
  return {
    kind: 'sent',
    result: {
      object: 'webhook_test',
      endpoint_id: endpointId,
      event_id: eventId,
      ok: result.ok,
      status_code: result.statusCode,
      duration_ms: Math.round(result.durationMs),
      error: result.error,
    },
  };
}

async function testTarget(
  deps: { db: Database; egress: EgressPolicy; environment: EnvironmentEndpoint | undefined },
  endpointId: string,
  now: Date,
): Promise<{ url: string; secrets: string[]; destination: PostDestination } | undefined> {
  if (endpointId === ENVIRONMENT_ENDPOINT_ID) {
    const { environment } = deps;
    return environment && { url: environment.url, secrets: [environment.secret], destination: 'trusted' };
  }
  const row = await findEndpoint(deps.db, endpointId);
  return row && { url: row.url, secrets: signingSecrets(row, now), destination: deps.egress };
}
