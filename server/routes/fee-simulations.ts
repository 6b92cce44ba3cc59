import { Hono } from 'hono';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import type { AppDeps } from '../app-deps.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { apiError, apiErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy, rateLimitSubject } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { feeSimulationCacheOf } from '../payments/fee-simulation-cache.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { hitAll } from '../rate-limit/rate-limit.ts';

/**
 * `POST /api/v1/simulate/tax` for the fee simulator page (`/simulator`, a merchant tool). It moves no money
 * and reveals only the account's fee table, so it needs no key — the page is public like the rest of the
 * SPA — but each call spends the gateway token, so it is limited per client address. Only the schema's
 * four fields reach the gateway.
 */
export function feeSimulationRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.post('/api/v1/simulate/tax', async (c) => {
    const verdict = await hitAll(
      deps.db,
      [{ key: `simulate:${rateLimitSubject(clientAddress(c, trust))}`, limit: policy.simulationsPerAddress }],
      deps.now(),
    );
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return apiError(c, 429, 'Too many simulations. Wait a moment and try again.', 'rate_limited');
    }
    const body = await readJsonBody(c, feeSimulationRequestSchema);
    if (!body.ok) return body.response;
    try {
      const reply = await feeSimulationCacheOf(deps.gateway).simulate(body.data);
      if (reply.date) c.header('Date', reply.date);
      return c.json(reply.data);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      deps.log.warn('fee simulation failed', error.toLogFields());
      if (error.kind === 'integration') return apiErrors(c, 400, error.errors ?? []);
      if (error.kind === 'timeout')
        return apiError(c, 504, 'The payment gateway did not answer in time.', 'timeout');
      return apiError(c, 502, 'The payment gateway could not be reached.', 'gateway_unavailable');
    }
  });
  return routes;
}
