import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readPaymentInstallments } from '../payments/installment-schedule.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { meter } from '../rate-limit/metering.ts';
import { consoleSessionGuard, type ConsoleEnv } from './console-guard.ts';

const paymentIdSchema = z.string().check(z.regex(/^pa_[A-Za-z0-9_-]{1,43}$/));

/**
 * `GET /api/console/payments/{id}/installments`: the schedule on the console's payment page (decision 253,
 * decision 272), the merchant API's use case metered per console user and address. Its own router, mounted
 * before the console's payments, with the session check on its one route (the payments router's guard does
 * not run a second time).
 */
export function consolePaymentInstallmentRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/:id/installments', consoleSessionGuard(deps), async (c) => {
    const id = paymentIdSchema.safeParse(c.req.param('id'));
    if (!id.success) return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
    const verdict = await meter(
      deps.db,
      policy,
      { kind: 'console-gateway-read', userId: c.get('consoleSession').user.id },
      clientAddress(c, trust),
      deps.now(),
    );
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return apiError(c, 429, 'Too many gateway reads. Wait a moment and try again.', 'rate_limited');
    }
    const outcome = await readPaymentInstallments(deps, id.data);
    switch (outcome.kind) {
      case 'not_found':
        return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
      case 'gateway_unavailable':
        c.header('Retry-After', '5');
        return apiError(c, 502, 'The gateway did not answer. Try again in a moment.', 'gateway_unavailable');
      case 'ok':
        return c.json({ available: outcome.installments !== null, installments: outcome.installments ?? [] });
    }
  });

  return routes;
}
