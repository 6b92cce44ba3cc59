import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { listReceivablePage, readReceivableQuery } from '../receivables/list-receivables.ts';

/**
 * `GET /api/v1/receivables` (docs/merchants/receivables-api.md): the receivables kept from the gateway, by day,
 * filtered by `from`/`to` (calendar days), `status` and `payment_method`, paged with `starting_after`.
 */
export function merchantReceivableRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));
  routes.get('/', async (c) => {
    const read = readReceivableQuery(c.req.query(), 'starting_after', 100);
    if (!read.ok) return apiError(c, 400, read.message, 'invalid_parameter', read.parameter);
    return c.json({ object: 'list', ...(await listReceivablePage(deps.db, read.query)) });
  });
  return routes;
}
