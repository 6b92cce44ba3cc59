import { Hono } from 'hono';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../contract/webhook-endpoints.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { merchantActor, merchantAuth } from '../http/merchant-auth.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { readEndpointId } from '../webhook-endpoints/endpoint-ids.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  environmentEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../webhook-endpoints/manage-endpoints.ts';
import { sendTestEvent } from '../webhook-endpoints/send-test-event.ts';
import {
  endpointNotFound,
  endpointRefused,
  testEventsLimited,
  testUrlNotPublic,
} from './webhook-endpoint-answers.ts';

/**
 * The merchant's webhook endpoints (secret key), mounted at `/api/v1/webhook-endpoints`
 * (docs/merchants/webhook-endpoints.md): list, create, get, update, delete, roll the secret, send a test
 * event. The work and its rules are in server/webhook-endpoints/ (the console's Developers page calls the same
 * use cases): a URL that is not public is refused there (decision 280), the environment's endpoint is read
 * only there, and each change is audited there under the key that made it.
 */
export function merchantWebhookEndpointRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));
  const environment = environmentEndpoint(deps.env);
  const egress = webhookEgress(deps);
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/', async (c) =>
    c.json({ object: 'list', data: await listWebhookEndpoints(deps.db, environment, deps.now()) }),
  );

  routes.post('/', async (c) => {
    const body = await readJsonBody(c, createWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const created = await createWebhookEndpoint(
      deps.db,
      body.data,
      { now: deps.now(), egress },
      merchantActor(c),
    );
    if (!created.ok) return endpointRefused(c, created.reason);
    deps.log.info('webhook endpoint created', { endpointId: created.endpoint.id });
    return c.json(created.endpoint, 201);
  });

  routes.get('/:id', async (c) => {
    const id = readEndpointId(c.req.param('id'));
    const view =
      id === undefined ? undefined : await getWebhookEndpoint(deps.db, environment, id, deps.now());
    return view ? c.json(view) : endpointNotFound(c);
  });

  routes.patch('/:id', async (c) => {
    const id = readEndpointId(c.req.param('id'));
    if (id === undefined) return endpointNotFound(c);
    const body = await readJsonBody(c, updateWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const updated = await updateWebhookEndpoint(
      deps.db,
      id,
      body.data,
      { now: deps.now(), egress },
      merchantActor(c),
    );
    return updated.ok ? c.json(updated.endpoint) : endpointRefused(c, updated.reason);
  });

  routes.delete('/:id', async (c) => {
    const id = readEndpointId(c.req.param('id'));
    if (id === undefined) return endpointNotFound(c);
    const deleted = await deleteWebhookEndpoint(deps.db, id, deps.now(), merchantActor(c));
    if (!deleted.ok) return endpointRefused(c, deleted.reason);
    deps.log.info('webhook endpoint deleted', { endpointId: id });
    return c.json({ id, object: 'webhook_endpoint', deleted: true });
  });

  routes.post('/:id/roll-secret', async (c) => {
    const id = readEndpointId(c.req.param('id'));
    if (id === undefined) return endpointNotFound(c);
    const body = await readOptionalJsonBody(c, rollWebhookSecretSchema);
    if (!body.ok) return body.response;
    const rolled = await rollWebhookEndpointSecret(
      deps.db,
      id,
      body.data.overlap_seconds,
      deps.now(),
      merchantActor(c),
    );
    if (!rolled.ok) return endpointRefused(c, rolled.reason);
    deps.log.info('webhook endpoint secret rolled', { endpointId: id });
    return c.json(rolled.endpoint);
  });

  routes.post('/:id/test', async (c) => {
    const id = readEndpointId(c.req.param('id'));
    if (id === undefined) return endpointNotFound(c);
    const outcome = await sendTestEvent(
      { db: deps.db, policy, egress, environment },
      {
        endpointId: id,
        meteredAs: { kind: 'merchant-test-event', keyId: c.get('apiKeyId') ?? 'environment' },
        clientAddress: clientAddress(c, trust),
        now: deps.now(),
      },
    );
    switch (outcome.kind) {
      case 'sent':
        return c.json(outcome.result);
      case 'not_found':
        return endpointNotFound(c);
      case 'rate_limited':
        return testEventsLimited(c, outcome.retryAfterSeconds);
      case 'url_not_public':
        return testUrlNotPublic(c);
    }
  });

  return routes;
}
