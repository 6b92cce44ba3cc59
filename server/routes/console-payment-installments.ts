import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { parseTrustProxy } from '../http/client-address.ts';
import { meteredInstallmentsRead } from './metered-installments-read.ts';
import { consoleSessionGuard, type ConsoleEnv } from './console-guard.ts';

/**
 * `GET /api/console/payments/{id}/installments`: the schedule on the console's payment page (decision 253,
 * decision 272), the merchant API's use case metered per console user and address. Its own router, mounted
 * before the console's payments, with the session check on its one route (the payments router's guard does
 * not run a second time).
 */
export function consolePaymentInstallmentRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/:id/installments', consoleSessionGuard(deps), async (c) => {
    const read = await meteredInstallmentsRead(
      c,
      deps,
      { policy, trust },
      { kind: 'console-gateway-read', userId: c.get('consoleSession').user.id },
    );
    if (read.kind === 'answered') return read.response;
    return c.json({ available: read.installments !== null, installments: read.installments ?? [] });
  });

  return routes;
}
