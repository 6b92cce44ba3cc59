import type { Database } from '../db/database.ts';
import type { Logger } from '../platform/logger.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import { takeCircuitTurn, type CircuitRule } from './circuit-repository.ts';
import { claimDueEvents, recordDelivery, releaseClaims, type ClaimedEvent } from './event-repository.ts';
import { postEvent } from './post-event.ts';

export interface DeliveryTarget {
  url: string;
  secret: string;
}

export interface DeliveryPolicy {
  /** How many due events one run claims. */
  batchSize: number;
  /** A claimed row belongs to this instance until then; after a crash another instance takes it. */
  leaseMs: number;
  /** Back-off: first retry after this, doubling… */
  firstRetryMs: number;
  /** …up to this. */
  maxRetryMs: number;
  /** After this long since the event was written, it is marked failed (the merchant can resend it). */
  giveUpAfterMs: number;
  /** Per request. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Failed tries in a row, whatever the events, that open the endpoint's circuit (decision 310). */
  failuresToOpen: number;
  /**
   * While the circuit is open, all instances together send the endpoint one probe this often (the waiting
   * event whose retry comes first); its 2xx closes the circuit and makes every waiting event due at once.
   */
  probeIntervalMs: number;
}

/**
 * One run claims no more than it sends at once, so the lease need only outlast one request's time-out:
 * the events of an instance that died mid-run (kill -9) are taken over 20 s later, not a minute later.
 * An endpoint failing 5 times in a row gets one probe per 10 s from all instances together.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 10,
  leaseMs: 20_000,
  firstRetryMs: 10_000,
  maxRetryMs: 3_600_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
  timeoutMs: 10_000,
  concurrency: 10,
  failuresToOpen: 5,
  probeIntervalMs: 10_000,
};

export interface DeliveryDeps {
  db: Database;
  log: Logger;
  now: () => Date;
  target: DeliveryTarget | undefined;
  policy?: Partial<DeliveryPolicy>;
  /** Shutdown: no new event is started, requests in flight are abandoned (retried later: at-least-once). */
  signal?: AbortSignal;
}

export function retryDelayMs(attempts: number, policy: DeliveryPolicy): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/** The circuit of one endpoint under this policy. */
export function circuitRule(key: string, policy: DeliveryPolicy): CircuitRule {
  return { key, failuresToOpen: policy.failuresToOpen, probeIntervalMs: policy.probeIntervalMs };
}

/** Claims due events (event-repository.ts): a batch, or with `probe` the waiting one whose retry comes first. */
async function claim(
  db: Database,
  now: Date,
  policy: DeliveryPolicy,
  probe = false,
): Promise<ClaimedEvent[]> {
  return claimDueEvents(db, {
    now,
    leaseUntil: new Date(now.getTime() + policy.leaseMs),
    limit: probe ? 1 : policy.batchSize,
    probe,
  });
}

/**
 * One pass of the delivery worker: claim due events, POST each signed body to the merchant, store every
 * attempt, and mark the event delivered — or schedule the next try (10 s doubling, capped at 1 h), or
 * failed once three days have passed. While the endpoint's circuit is open, a pass sends at most its one
 * probe, and only when its turn has come. Answers how many were delivered and how many claimed.
 */
export async function deliverOnce(deps: DeliveryDeps): Promise<{ claimed: number; delivered: number }> {
  const { target } = deps;
  if (!target) return { claimed: 0, delivered: 0 };
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  const { signal } = deps;
  if (signal?.aborted) return { claimed: 0, delivered: 0 };
  const circuit = circuitRule(ENVIRONMENT_ENDPOINT_ID, policy);
  // The endpoint's circuit (shared by the instances): full speed when closed, one probe per turn when open.
  const turn = await takeCircuitTurn(deps.db, circuit, deps.now());
  const claimed = turn === 'wait' ? [] : await claim(deps.db, deps.now(), policy, turn === 'probe');
  let delivered = 0;
  const queue = [...claimed];
  // Once the circuit is open, the rest of this run's claims are given back, not sent.
  const circuitState = { open: false };
  const worker = async () => {
    while (!signal?.aborted && !circuitState.open) {
      const event = queue.shift();
      if (!event) break;
      const now = deps.now();
      const body = JSON.stringify(event.payload);
      const result = await postEvent({
        url: target.url,
        // The operator set it (MERCHANT_WEBHOOK_URL): their own service, often on their own network.
        destination: 'trusted',
        secrets: [target.secret],
        body,
        now,
        timeoutMs: policy.timeoutMs,
        signal,
      });
      const giveUp = !result.ok && now.getTime() - event.createdAt.getTime() >= policy.giveUpAfterMs;
      const outcome = await recordDelivery(
        deps.db,
        {
          eventId: event.id,
          attemptedAt: now,
          ok: result.ok,
          statusCode: result.statusCode,
          durationMs: Math.round(result.durationMs),
          error: result.error,
        },
        { giveUp, nextAttemptAt: new Date(now.getTime() + retryDelayMs(event.attempts, policy)) },
        circuit,
      );
      // The 2xx that closed the circuit made every waiting event due now (recordDelivery).
      if (outcome.recovered)
        deps.log.info('event delivery: the endpoint answers again, retries pulled forward');
      if (outcome.opened)
        deps.log.warn('event delivery: the endpoint keeps failing; one probe per interval until it answers', {
          probeIntervalMs: policy.probeIntervalMs,
        });
      if (outcome.open) circuitState.open = true;
      if (result.ok) delivered += 1;
      else
        deps.log.warn('event delivery failed', {
          eventId: event.id,
          attempts: event.attempts,
          giveUp,
          error: result.error,
          detail: result.detail,
        });
    }
  };
  await Promise.all(Array.from({ length: Math.min(policy.concurrency, claimed.length) }, worker));
  // Shutdown, or the circuit opened: events claimed but not started go back at once rather than after the lease.
  if (queue.length > 0) {
    await releaseClaims(
      deps.db,
      queue.map((event) => event.id),
    );
  }
  return { claimed: claimed.length, delivered };
}
