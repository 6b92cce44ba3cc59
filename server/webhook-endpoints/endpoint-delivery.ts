import type { Database } from '../db/database.ts';
import type { EgressPolicy } from '../egress/egress-policy.ts';
import { DEFAULT_DELIVERY_POLICY, retryDelayMs, type DeliveryPolicy } from '../events/delivery-worker.ts';
import { postEvent } from '../events/post-event.ts';
import type { Logger } from '../platform/logger.ts';
import {
  claimDueDeliveries,
  fanOutEvents,
  pullEndpointRetriesForward,
  recordEndpointDelivery,
  releaseDeliveryClaims,
  type ClaimedDelivery,
} from './endpoint-repository.ts';

export interface EndpointDeliveryDeps {
  db: Database;
  /** Where merchants' URLs may lead: checked at every delivery (webhookEgress in endpoint-egress.ts). */
  egress: EgressPolicy;
  log: Logger;
  now: () => Date;
  policy?: Partial<DeliveryPolicy>;
  signal?: AbortSignal;
}

/** Events fanned out per pass: one statement, a few hundred rows. */
const FAN_OUT_BATCH = 200;

/** The secrets that sign now: the current one, and the previous one while its roll's overlap lasts. */
export function signingSecrets(
  endpoint: Pick<ClaimedDelivery, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const { previousSecret, previousSecretExpiresAt } = endpoint;
  return previousSecret !== null && previousSecretExpiresAt !== null && previousSecretExpiresAt > now
    ? [endpoint.secret, previousSecret]
    : [endpoint.secret];
}

/**
 * One pass for the merchant's webhook endpoints (the environment's endpoint has its own worker,
 * server/events/delivery-worker.ts, on outbox_events' own status): new outbox events are fanned out to the
 * queue of each subscribed endpoint, then due deliveries are claimed and POSTed with the same policy —
 * 10 s doubling up to 1 h, failed after three days. Each POST checks its URL again (a name may resolve
 * elsewhere since it was saved): an address that is not public fails that attempt, `address not allowed`. Each endpoint's queue row is its own, so one endpoint
 * down never delays or repeats another's events.
 */
export async function deliverToEndpointsOnce(
  deps: EndpointDeliveryDeps,
): Promise<{ fannedOut: number; claimed: number; delivered: number }> {
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  const { signal } = deps;
  if (signal?.aborted) return { fannedOut: 0, claimed: 0, delivered: 0 };
  const fanned = await fanOutEvents(deps.db, deps.now(), FAN_OUT_BATCH);
  const start = deps.now();
  const claimed = await claimDueDeliveries(deps.db, {
    now: start,
    leaseUntil: new Date(start.getTime() + policy.leaseMs),
    limit: policy.batchSize,
  });
  let delivered = 0;
  const recovered = new Set<string>();
  const queue = [...claimed];
  const worker = async () => {
    for (let claim = queue.shift(); claim && !signal?.aborted; claim = queue.shift()) {
      const now = deps.now();
      const result = await postEvent({
        url: claim.url,
        destination: deps.egress,
        secrets: signingSecrets(claim, now),
        body: JSON.stringify(claim.payload),
        now,
        timeoutMs: policy.timeoutMs,
        signal,
      });
      if (result.ok && claim.attempts > 1) recovered.add(claim.endpointId);
      const giveUp = !result.ok && now.getTime() - claim.eventCreatedAt.getTime() >= policy.giveUpAfterMs;
      await recordEndpointDelivery(
        deps.db,
        {
          eventId: claim.eventId,
          endpointId: claim.endpointId,
          attemptedAt: now,
          ok: result.ok,
          statusCode: result.statusCode,
          durationMs: Math.round(result.durationMs),
          error: result.error,
        },
        { giveUp, nextAttemptAt: new Date(now.getTime() + retryDelayMs(claim.attempts, policy)) },
      );
      if (result.ok) delivered += 1;
      else
        deps.log.warn('webhook endpoint delivery failed', {
          eventId: claim.eventId,
          endpointId: claim.endpointId,
          attempts: claim.attempts,
          giveUp,
          error: result.error,
          detail: result.detail,
        });
    }
  };
  await Promise.all(Array.from({ length: Math.min(policy.concurrency, claimed.length) }, worker));
  if (queue.length > 0) await releaseDeliveryClaims(deps.db, queue);
  for (const endpointId of recovered) await pullEndpointRetriesForward(deps.db, endpointId, deps.now());
  return { fannedOut: fanned.events, claimed: claimed.length, delivered };
}
