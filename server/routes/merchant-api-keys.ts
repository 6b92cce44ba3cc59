import { Hono } from 'hono';
import * as z from 'zod/mini';
import { createApiKeySchema, revokeApiKeySchema } from '../../contract/api-keys.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  createApiKey,
  getApiKey,
  listApiKeys,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
} from '../api-keys/manage-api-keys.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { environmentKeyOnly, merchantActor, merchantAuth } from '../http/merchant-auth.ts';

const apiKeyIdSchema = z.string().check(z.regex(/^key_[A-Za-z0-9_-]{1,43}$/));

/**
 * Extra API keys (docs/merchants/api-keys.md), mounted at `/api/v1/api-keys`, with the environment's key only:
 * list, create (the key in the answer, once), read, revoke. The work is in server/api-keys/.
 */
export function merchantApiKeyRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));
  routes.use('*', environmentKeyOnly());
  const readId = (value: string) => {
    const parsed = apiKeyIdSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const notFound = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'No API key has this id.', 'not_found', 'id');

  routes.get('/', async (c) => c.json({ object: 'list', data: await listApiKeys(deps.db) }));

  routes.post('/', async (c) => {
    const body = await readJsonBody(c, createApiKeySchema);
    if (!body.ok) return body.response;
    const created = await createApiKey(deps.db, body.data, deps.now(), merchantActor(c));
    if (!created.ok)
      return apiError(
        c,
        409,
        `At most ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first.`,
        'too_many_keys',
      );
    deps.log.info('api key created', { apiKeyId: created.key.id });
    return c.json(created.key, 201);
  });

  routes.get('/:id', async (c) => {
    const id = readId(c.req.param('id'));
    const view = id === undefined ? undefined : await getApiKey(deps.db, id);
    return view ? c.json(view) : notFound(c);
  });

  // The key's webhook endpoints stay unless the body asks to disable them; the answer names them (decision 288).
  routes.post('/:id/revoke', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === undefined) return notFound(c);
    const body = await readOptionalJsonBody(c, revokeApiKeySchema);
    if (!body.ok) return body.response;
    const view = await revokeApiKey(deps.db, id, deps.now(), merchantActor(c), {
      disableWebhookEndpoints: body.data.disable_webhook_endpoints,
    });
    if (!view) return notFound(c);
    deps.log.info('api key revoked', {
      apiKeyId: view.id,
      webhookEndpointsEnabled: view.webhook_endpoints.filter((endpoint) => endpoint.enabled).length,
    });
    return c.json(view);
  });

  return routes;
}
