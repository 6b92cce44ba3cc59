import type { Database } from '../db/database.ts';
import type { Logger } from '../platform/logger.ts';
import {
  claimDueEvents,
  pullRetriesForward,
  recordDelivery,
  releaseClaims,
  type ClaimedEvent,
} from './event-repository.ts';
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
  /**
   * With nothing due but events waiting on their back-off, the oldest is tried this often anyway: when
   * the endpoint answers again, every waiting event is made due at once (a drain takes seconds, not the
   * outage's length).
   */
  probeIntervalMs: number;
}

/**
 * One run claims no more than it sends at once, so the lease need only outlast one request's time-out:
 * the events of an instance that died mid-run (kill -9) are taken over 20 s later, not a minute later.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 10,
  leaseMs: 20_000,
  firstRetryMs: 10_000,
  maxRetryMs: 3_600_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
  timeoutMs: 10_000,
  concurrency: 10,
  probeIntervalMs: 5_000,
};

/** Per process: when this instance last probed the merchant's endpoint. */
export interface DeliveryState {
  lastProbeAt: number;
}

export interface DeliveryDeps {
  db: Database;
  log: Logger;
  now: () => Date;
  target: DeliveryTarget | undefined;
  policy?: Partial<DeliveryPolicy>;
  /** Shutdown: no new event is started, requests in flight are abandoned (retried later: at-least-once). */
  signal?: AbortSignal;
  state?: DeliveryState;
}

export function retryDelayMs(attempts: number, policy: DeliveryPolicy): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/** Claims due events (event-repository.ts): a batch, or with `probe` the oldest waiting one. */
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
 * failed once three days have passed. Answers how many were delivered and how many claimed.
 */
export async function deliverOnce(deps: DeliveryDeps): Promise<{ claimed: number; delivered: number }> {
  const { target } = deps;
  if (!target) return { claimed: 0, delivered: 0 };
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  const { signal } = deps;
  if (signal?.aborted) return { claimed: 0, delivered: 0 };
  let claimed = await claim(deps.db, deps.now(), policy);
  const state = deps.state;
  if (claimed.length === 0 && state && Date.now() - state.lastProbeAt >= policy.probeIntervalMs) {
    state.lastProbeAt = Date.now();
    claimed = await claim(deps.db, deps.now(), policy, true);
  }
  let delivered = 0;
  const endpoint = { recovered: false };
  const queue = [...claimed];
  const worker = async () => {
    for (let event = queue.shift(); event && !signal?.aborted; event = queue.shift()) {
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
      if (result.ok && event.attempts > 1) endpoint.recovered = true;
      const giveUp = !result.ok && now.getTime() - event.createdAt.getTime() >= policy.giveUpAfterMs;
      await recordDelivery(
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
      );
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
  // Shutdown: events claimed but not started go back at once rather than after the lease.
  if (queue.length > 0) {
    await releaseClaims(
      deps.db,
      queue.map((event) => event.id),
    );
  }
  // An event that had failed went through: the endpoint is back, so everything waiting is due now.
  if (endpoint.recovered) {
    const now = deps.now();
    await pullRetriesForward(deps.db, now);
    deps.log.info('event delivery: the endpoint answers again, retries pulled forward');
  }
  return { claimed: claimed.length, delivered };
}
