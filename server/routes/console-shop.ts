import { Hono } from 'hono';
import { consoleShopIdentityRequestSchema } from '../../contract/console/console-shop.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import { readJsonBody } from '../http/json-body.ts';
import { changeShopIdentity, changeShopLogo, removeShopLogo } from '../shop/change-shop-identity.ts';
import { consoleBrand, consoleShopIdentity } from '../shop/console-shop-view.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';

/**
 * The shop's identity in the console (mounted at /api/console/shop; docs/merchants/console.md): every user
 * reads it, owners change it (each change audited). The logo is sent as the file itself (`PUT …/logo` with
 * the image as the body): its type is read from its first bytes, not from a header or a name.
 */
export function consoleShopRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const guard = consoleSessionGuard(deps);
  const owner = [guard, requirePermission('administer')] as const;
  const actor = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

  routes.get('/', guard, async (c) => c.json(await consoleShopIdentity(deps)));

  routes.put('/', ...owner, async (c) => {
    const body = await readJsonBody(c, consoleShopIdentityRequestSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    await changeShopIdentity({ db: deps.db, actor: actor(user), now: deps.now() }, body.data);
    return c.json(await consoleShopIdentity(deps));
  });

  routes.put('/logo', ...owner, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { user } = c.get('consoleSession');
    const outcome = await changeShopLogo({ db: deps.db, actor: actor(user), now: deps.now() }, bytes);
    switch (outcome.kind) {
      case 'invalid':
        return apiError(c, 400, outcome.message, 'invalid_parameter', 'logo');
      case 'changed':
        return c.json(await consoleShopIdentity(deps));
    }
  });

  routes.delete('/logo', ...owner, async (c) => {
    const { user } = c.get('consoleSession');
    await removeShopLogo({ db: deps.db, actor: actor(user), now: deps.now() });
    return c.json(await consoleShopIdentity(deps));
  });

  return routes;
}

/** `GET /api/console/brand`: the shop's name and logo for the console's header and login page (no session). */
export function consoleBrandRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.get('/', async (c) => c.json(await consoleBrand(deps)));
  return routes;
}
