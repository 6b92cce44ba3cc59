import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { parseTrustProxy } from '../http/client-address.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { meteredInstallmentsRead } from './metered-installments-read.ts';

/**
 * `GET /api/v1/payments/{id}/installments` (docs/merchants/payments-api.md): the payment's installment schedule
 * from the gateway, metered per key and address (each read is a gateway call). Its own router, mounted before
 * the payments API, with the key check on its one route (no second check for the other payment paths).
 */
export function merchantPaymentInstallmentRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/:id/installments', merchantAuth(deps), async (c) => {
    const read = await meteredInstallmentsRead(
      c,
      deps,
      { policy, trust },
      { kind: 'merchant-gateway-read', keyId: c.get('apiKeyId') ?? 'environment' },
    );
    if (read.kind === 'answered') return read.response;
    return c.json({
      object: 'installment_schedule',
      payment_id: read.paymentId,
      available: read.installments !== null,
      installments: read.installments ?? [],
    });
  });

  return routes;
}
