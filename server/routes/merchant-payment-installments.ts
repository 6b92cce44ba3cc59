import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { readPaymentInstallments } from '../payments/installment-schedule.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { meter } from '../rate-limit/metering.ts';

const paymentIdSchema = z.string().check(z.regex(/^pa_[A-Za-z0-9_-]{1,43}$/));

/**
 * `GET /api/v1/payments/{id}/installments` (docs/merchants/payments-api.md): the payment's installment schedule
 * from the gateway, metered per key and address (each read is a gateway call). Its own router, mounted before
 * the payments API, with the key check on its one route (no second check for the other payment paths).
 */
export function merchantPaymentInstallmentRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/:id/installments', merchantAuth(deps), async (c) => {
    const id = paymentIdSchema.safeParse(c.req.param('id'));
    if (!id.success) return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
    const verdict = await meter(
      deps.db,
      policy,
      { kind: 'merchant-gateway-read', keyId: c.get('apiKeyId') ?? 'environment' },
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
        return c.json({
          object: 'installment_schedule',
          payment_id: outcome.paymentId,
          available: outcome.installments !== null,
          installments: outcome.installments ?? [],
        });
    }
  });

  return routes;
}
