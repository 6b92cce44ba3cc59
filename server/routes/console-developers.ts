import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { createApiKeySchema, revokeApiKeySchema } from '../../contract/api-keys.ts';
import { roleMay } from '../../contract/console/console-auth.ts';
import { MERCHANT_EVENT_TYPES } from '../../contract/merchant-events.ts';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../contract/webhook-endpoints.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  createApiKey,
  listApiKeysWithEndpoints,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
} from '../api-keys/manage-api-keys.ts';
import type { AuditActor } from '../console/audit.ts';
import { apiError } from '../http/api-error.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { readEndpointId } from '../webhook-endpoints/endpoint-ids.ts';
import { listEndpointsWithKeys } from '../webhook-endpoints/endpoint-keys.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  environmentEndpoint,
  rollWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../webhook-endpoints/manage-endpoints.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';
import { endpointNotFound, endpointRefused } from './webhook-endpoint-answers.ts';

const apiKeyIdSchema = z.string().check(z.regex(/^key_[A-Za-z0-9_-]{1,43}$/));

/**
 * The console's Developers page (mounted at /api/console/developers; decision 271): webhook endpoints and
 * extra API keys, read by every role, changed by owners only. The work is the merchant API's
 * (server/webhook-endpoints/, server/api-keys/), which audits every change under the logged-in user; a secret
 * or key is in the answer to create (or roll) only — never in a log or an audit row.
 */
export function consoleDeveloperRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  const environment = environmentEndpoint(deps.env);
  const egress = webhookEgress(deps);

  const actor = (c: Context<ConsoleEnv>): AuditActor => {
    const { user } = c.get('consoleSession');
    return { userId: user.id, email: user.email };
  };
  const canManage = (c: Context<ConsoleEnv>) => roleMay(c.get('consoleSession').user.role, 'administer');
  const endpointId = (c: Context<ConsoleEnv>) => readEndpointId(c.req.param('id') ?? '');

  routes.get('/webhook-endpoints', async (c) =>
    c.json({
      data: await listEndpointsWithKeys(deps.db, environment, deps.now()),
      can_manage: canManage(c),
      event_types: ['*', ...MERCHANT_EVENT_TYPES],
    }),
  );

  routes.post('/webhook-endpoints', requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, createWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const created = await createWebhookEndpoint(deps.db, body.data, { now: deps.now(), egress }, actor(c));
    return created.ok ? c.json(created.endpoint, 201) : endpointRefused(c, created.reason);
  });

  routes.patch('/webhook-endpoints/:id', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === undefined) return endpointNotFound(c);
    const body = await readJsonBody(c, updateWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const updated = await updateWebhookEndpoint(
      deps.db,
      id,
      body.data,
      { now: deps.now(), egress },
      actor(c),
    );
    return updated.ok ? c.json(updated.endpoint) : endpointRefused(c, updated.reason);
  });

  routes.delete('/webhook-endpoints/:id', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === undefined) return endpointNotFound(c);
    const deleted = await deleteWebhookEndpoint(deps.db, id, deps.now(), actor(c));
    return deleted.ok ? c.json({ id, deleted: true }) : endpointRefused(c, deleted.reason);
  });

  routes.post('/webhook-endpoints/:id/roll-secret', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === undefined) return endpointNotFound(c);
    const body = await readOptionalJsonBody(c, rollWebhookSecretSchema);
    if (!body.ok) return body.response;
    const rolled = await rollWebhookEndpointSecret(
      deps.db,
      id,
      body.data.overlap_seconds,
      deps.now(),
      actor(c),
    );
    return rolled.ok ? c.json(rolled.endpoint) : endpointRefused(c, rolled.reason);
  });

  routes.get('/api-keys', async (c) =>
    c.json({ data: await listApiKeysWithEndpoints(deps.db), can_manage: canManage(c) }),
  );

  routes.post('/api-keys', requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, createApiKeySchema);
    if (!body.ok) return body.response;
    const created = await createApiKey(deps.db, body.data, deps.now(), actor(c));
    if (!created.ok)
      return apiError(
        c,
        409,
        `At most ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first.`,
        'too_many_keys',
      );
    return c.json(created.key, 201);
  });

  routes.post('/api-keys/:id/revoke', requirePermission('administer'), async (c) => {
    const parsed = apiKeyIdSchema.safeParse(c.req.param('id'));
    const notFound = () => apiError(c, 404, 'No API key has this id.', 'not_found', 'id');
    if (!parsed.success) return notFound();
    const body = await readOptionalJsonBody(c, revokeApiKeySchema);
    if (!body.ok) return body.response;
    const view = await revokeApiKey(deps.db, parsed.data, deps.now(), actor(c), {
      disableWebhookEndpoints: body.data.disable_webhook_endpoints,
    });
    return view ? c.json(view) : notFound();
  });

  return routes;
}
