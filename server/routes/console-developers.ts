import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { createApiKeySchema } from '../../contract/api-keys.ts';
import { roleMay } from '../../contract/console/console-auth.ts';
import { MERCHANT_EVENT_TYPES } from '../../contract/merchant-events.ts';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../contract/webhook-endpoints.ts';
import type { AppDeps } from '../app-deps.ts';
import { createApiKey, listApiKeys, MAX_ACTIVE_API_KEYS, revokeApiKey } from '../api-keys/manage-api-keys.ts';
import { recordAudit, type AuditAction } from '../console/audit.ts';
import { apiError } from '../http/api-error.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  environmentEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  rollWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../webhook-endpoints/manage-endpoints.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';
import { urlNotPublic } from './webhook-url-answers.ts';

const endpointIdSchema = z.string().check(z.regex(/^we_[A-Za-z0-9_-]{1,43}$/));
const apiKeyIdSchema = z.string().check(z.regex(/^key_[A-Za-z0-9_-]{1,43}$/));

/**
 * The console's Developers page (mounted at /api/console/developers; decision 271): webhook endpoints and
 * extra API keys, read by every role, changed by owners only. The work is the merchant API's
 * (server/webhook-endpoints/, server/api-keys/); every change is audited, and a secret or key is in the
 * answer to create (or roll) only — never in a log or an audit row.
 */
export function consoleDeveloperRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  const environment = environmentEndpoint(deps.env);
  const egress = webhookEgress(deps);

  const audit = (
    c: Context<ConsoleEnv>,
    action: AuditAction,
    target: { type: string; id: string | null },
    detail: Record<string, unknown>,
  ) => {
    const { user } = c.get('consoleSession');
    return recordAudit(deps.db, { userId: user.id, email: user.email }, action, target, detail, deps.now());
  };
  const canManage = (c: Context<ConsoleEnv>) => roleMay(c.get('consoleSession').user.role, 'administer');
  const endpointId = (c: Context<ConsoleEnv>) => {
    const parsed = endpointIdSchema.safeParse(c.req.param('id'));
    return parsed.success ? parsed.data : undefined;
  };
  const endpointNotFound = (c: Context<ConsoleEnv>) =>
    apiError(c, 404, 'No webhook endpoint has this id.', 'not_found', 'id');
  const environmentReadOnly = (c: Context<ConsoleEnv>) =>
    apiError(
      c,
      409,
      'The environment’s endpoint is set by MERCHANT_WEBHOOK_URL and MERCHANT_WEBHOOK_SECRET in the server’s settings.',
      'environment_endpoint',
      'id',
    );

  routes.get('/webhook-endpoints', async (c) =>
    c.json({
      data: await listWebhookEndpoints(deps.db, environment, deps.now()),
      can_manage: canManage(c),
      event_types: ['*', ...MERCHANT_EVENT_TYPES],
    }),
  );

  routes.post('/webhook-endpoints', requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, createWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const created = await createWebhookEndpoint(deps.db, body.data, { now: deps.now(), egress });
    if (!created.ok) {
      await audit(
        c,
        'webhook_endpoint.create',
        { type: 'webhook_endpoint', id: null },
        { outcome: created.reason },
      );
      if (created.reason === 'url_not_public') return urlNotPublic(c);
      return apiError(
        c,
        409,
        `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
        'too_many_endpoints',
      );
    }
    const { endpoint } = created;
    await audit(
      c,
      'webhook_endpoint.create',
      { type: 'webhook_endpoint', id: endpoint.id },
      { outcome: 'created', url: endpoint.url, event_types: endpoint.event_types, enabled: endpoint.enabled },
    );
    return c.json(endpoint, 201);
  });

  routes.patch('/webhook-endpoints/:id', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    if (id === undefined) return endpointNotFound(c);
    const body = await readJsonBody(c, updateWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const updated = await updateWebhookEndpoint(deps.db, id, body.data, { now: deps.now(), egress });
    await audit(
      c,
      'webhook_endpoint.change',
      { type: 'webhook_endpoint', id },
      { outcome: updated.ok ? 'changed' : updated.reason, changes: body.data },
    );
    if (updated.ok) return c.json(updated.endpoint);
    return updated.reason === 'url_not_public' ? urlNotPublic(c) : endpointNotFound(c);
  });

  routes.delete('/webhook-endpoints/:id', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    const deleted = id !== undefined && (await deleteWebhookEndpoint(deps.db, id));
    await audit(
      c,
      'webhook_endpoint.delete',
      { type: 'webhook_endpoint', id: id ?? null },
      { outcome: deleted ? 'deleted' : 'not_found' },
    );
    if (!id || !deleted) return endpointNotFound(c);
    return c.json({ id, deleted: true });
  });

  routes.post('/webhook-endpoints/:id/roll-secret', requirePermission('administer'), async (c) => {
    const id = endpointId(c);
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    if (id === undefined) return endpointNotFound(c);
    const body = await readOptionalJsonBody(c, rollWebhookSecretSchema);
    if (!body.ok) return body.response;
    const rolled = await rollWebhookEndpointSecret(deps.db, id, body.data.overlap_seconds, deps.now());
    await audit(
      c,
      'webhook_endpoint.roll_secret',
      { type: 'webhook_endpoint', id },
      rolled
        ? { outcome: 'rolled', previous_secret_expires_at: rolled.previous_secret_expires_at }
        : { outcome: 'not_found' },
    );
    return rolled ? c.json(rolled) : endpointNotFound(c);
  });

  routes.get('/api-keys', async (c) =>
    c.json({ data: await listApiKeys(deps.db), can_manage: canManage(c) }),
  );

  routes.post('/api-keys', requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, createApiKeySchema);
    if (!body.ok) return body.response;
    const created = await createApiKey(deps.db, body.data, deps.now());
    if (!created.ok) {
      await audit(c, 'api_key.create', { type: 'api_key', id: null }, { outcome: 'too_many' });
      return apiError(
        c,
        409,
        `At most ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first.`,
        'too_many_keys',
      );
    }
    const { key } = created;
    await audit(
      c,
      'api_key.create',
      { type: 'api_key', id: key.id },
      { outcome: 'created', name: key.name, prefix: key.prefix },
    );
    return c.json(key, 201);
  });

  routes.post('/api-keys/:id/revoke', requirePermission('administer'), async (c) => {
    const parsed = apiKeyIdSchema.safeParse(c.req.param('id'));
    const view = parsed.success ? await revokeApiKey(deps.db, parsed.data, deps.now()) : undefined;
    await audit(
      c,
      'api_key.revoke',
      { type: 'api_key', id: parsed.success ? parsed.data : null },
      { outcome: view ? 'revoked' : 'not_found' },
    );
    return view ? c.json(view) : apiError(c, 404, 'No API key has this id.', 'not_found', 'id');
  });

  return routes;
}
