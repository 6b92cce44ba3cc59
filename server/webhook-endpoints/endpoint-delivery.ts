import type { Database } from '../db/database.ts';
import type { EgressPolicy } from '../egress/egress-policy.ts';
import { takeEndpointProbes } from '../events/circuit-repository.ts';
import {
  circuitRule,
  DEFAULT_DELIVERY_POLICY,
  retryDelayMs,
  type DeliveryPolicy,
} from '../events/delivery-worker.ts';
import { postEvent } from '../events/post-event.ts';
import type { Logger } from '../platform/logger.ts';
import {
  claimDueDeliveries,
  fanOutEvents,
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
 * elsewhere since it was saved): an address that is not public fails that attempt, `address not allowed`.
 * Each endpoint's queue row and circuit are its own (decision 310), so one endpoint down never delays or
 * repeats another's events; one failing gets one probe per interval from all instances together.
 */
export async function deliverToEndpointsOnce(
  deps: EndpointDeliveryDeps,
): Promise<{ fannedOut: number; claimed: number; delivered: number }> {
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  const { signal } = deps;
  if (signal?.aborted) return { fannedOut: 0, claimed: 0, delivered: 0 };
  const fanned = await fanOutEvents(deps.db, deps.now(), FAN_OUT_BATCH);
  const start = deps.now();
  const leaseUntil = new Date(start.getTime() + policy.leaseMs);
  // Endpoints whose circuit is open get only their probe, when its turn has come (all instances together).
  const probes = await takeEndpointProbes(deps.db, { now: start, probeIntervalMs: policy.probeIntervalMs });
  const claimed: ClaimedDelivery[] = [];
  for (const probeEndpointId of probes)
    claimed.push(
      ...(await claimDueDeliveries(deps.db, { now: start, leaseUntil, limit: 1, probeEndpointId })),
    );
  claimed.push(...(await claimDueDeliveries(deps.db, { now: start, leaseUntil, limit: policy.batchSize })));
  let delivered = 0;
  // Endpoints whose circuit opened during this run: the rest of their claims are given back, not sent.
  const opened = new Set<string>();
  const queue = [...claimed];
  const skipped: ClaimedDelivery[] = [];
  const worker = async () => {
    while (!signal?.aborted) {
      const claim = queue.shift();
      if (!claim) break;
      if (opened.has(claim.endpointId)) {
        skipped.push(claim);
        continue;
      }
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
      const giveUp = !result.ok && now.getTime() - claim.eventCreatedAt.getTime() >= policy.giveUpAfterMs;
      const outcome = await recordEndpointDelivery(
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
        circuitRule(claim.endpointId, policy),
      );
      if (outcome.open) opened.add(claim.endpointId);
      if (outcome.recovered)
        deps.log.info('webhook endpoint answers again, retries pulled forward', {
          endpointId: claim.endpointId,
        });
      if (outcome.opened)
        deps.log.warn('webhook endpoint keeps failing; one probe per interval until it answers', {
          endpointId: claim.endpointId,
          probeIntervalMs: policy.probeIntervalMs,
        });
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
  const unsent = [...skipped, ...queue];
  if (unsent.length > 0) await releaseDeliveryClaims(deps.db, unsent);
  return { fannedOut: fanned.events, claimed: claimed.length, delivered };
}
