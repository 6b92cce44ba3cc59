import { Hono } from 'hono';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError, apiErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { simulateFees } from '../payments/simulate-fees.ts';

/**
 * `POST /api/v1/simulate/tax` for the fee simulator page (`/simulator`, a merchant tool), mounted at
 * `/api/v1/simulate`. It needs no key — the page is public like the rest of the SPA — but each call spends
 * the gateway token, so it is limited per client address. Only the schema's four fields reach the gateway.
 */
export function feeSimulationRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.post('/tax', async (c) => {
    const body = await readJsonBody(c, feeSimulationRequestSchema);
    const outcome = await simulateFees(deps, policy, {
      clientAddress: clientAddress(c, trust),
      request: body.ok ? body.data : undefined,
    });
    switch (outcome.kind) {
      case 'ok':
        if (outcome.date) c.header('Date', outcome.date);
        return c.json(outcome.simulation);
      case 'rate-limited':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return apiError(c, 429, 'Too many simulations. Wait a moment and try again.', 'rate_limited');
      case 'bad-request':
        return body.ok ? apiError(c, 400, 'Invalid request.', 'invalid_request') : body.response;
      case 'failed':
        if (outcome.error.kind === 'integration') return apiErrors(c, 400, outcome.error.errors ?? []);
        if (outcome.error.kind === 'timeout')
          return apiError(c, 504, 'The payment gateway did not answer in time.', 'timeout');
        return apiError(c, 502, 'The payment gateway could not be reached.', 'gateway_unavailable');
    }
  });
  return routes;
}
