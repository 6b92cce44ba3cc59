import type { FeeSimulationRequest, FeeSimulationResponse } from '../../contract/gateway/fee-simulation.ts';
import type { GatewayClient, GatewayReply } from '../gateway/gateway-client.ts';

/**
 * Fee simulations depend only on (brand, installments, amount, who pays the fees) and the gateway's
 * price table, which changes rarely: one gateway call answers every shopper and merchant who asks the
 * same within `ttlMs` (docs/decisions: metering gateway calls). In memory, per gateway client, bounded;
 * failures are not kept. Concurrent identical asks share one call.
 */
export interface FeeSimulationCache {
  simulate(request: FeeSimulationRequest): Promise<GatewayReply<FeeSimulationResponse>>;
}

const DEFAULT_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  at: number;
  reply: Promise<GatewayReply<FeeSimulationResponse>>;
}

const caches = new WeakMap<GatewayClient, FeeSimulationCache>();

export function createFeeSimulationCache(
  gateway: GatewayClient,
  now: () => number = Date.now,
  ttlMs = DEFAULT_TTL_MS,
): FeeSimulationCache {
  const entries = new Map<string, Entry>();
  return {
    simulate(request) {
      const key = `${request.brand}|${request.installments}|${request.amount}|${request.fee_responsible}`;
      const at = now();
      const hit = entries.get(key);
      if (hit && at - hit.at < ttlMs) return hit.reply;
      const reply = gateway.simulateFees(request);
      entries.delete(key);
      entries.set(key, { at, reply });
      // Oldest first: Map keeps insertion order.
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      reply.catch(() => {
        if (entries.get(key)?.reply === reply) entries.delete(key);
      });
      return reply;
    },
  };
}

/** The cache of this gateway client (one per process and gateway). */
export function feeSimulationCacheOf(gateway: GatewayClient): FeeSimulationCache {
  let cache = caches.get(gateway);
  if (!cache) {
    cache = createFeeSimulationCache(gateway);
    caches.set(gateway, cache);
  }
  return cache;
}
