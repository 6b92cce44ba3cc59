import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../contract/webhook-endpoints.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { merchantActor, merchantAuth } from '../http/merchant-auth.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  environmentEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  rollWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../webhook-endpoints/manage-endpoints.ts';
import { sendTestEvent } from '../webhook-endpoints/send-test-event.ts';
import { testEventsLimited, testUrlNotPublic, urlNotPublic } from './webhook-url-answers.ts';

/** `we_` + base64url, or the environment's endpoint (`we_environment`). */
export const endpointIdSchema = z.string().check(z.regex(/^we_[A-Za-z0-9_-]{1,43}$/));

/**
 * The merchant's webhook endpoints (secret key), mounted at `/api/v1/webhook-endpoints`
 * (docs/merchants/webhook-endpoints.md): list, create, get, update, delete, roll the secret, send a test
 * event. The work is in server/webhook-endpoints/; a URL that is not public is refused there (decision 280), and
 * each change is audited under the key that made it.
 */
export function merchantWebhookEndpointRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));
  const environment = environmentEndpoint(deps.env);
  const egress = webhookEgress(deps);
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  const readId = (value: string): string | undefined => {
    const parsed = endpointIdSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const notFound = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'No webhook endpoint has this id.', 'not_found', 'id');
  const environmentReadOnly = (c: Parameters<typeof apiError>[0]) =>
    apiError(
      c,
      409,
      'The environment’s endpoint is set by MERCHANT_WEBHOOK_URL and MERCHANT_WEBHOOK_SECRET in the server’s settings; it cannot be changed here.',
      'environment_endpoint',
      'id',
    );

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
    if (!created.ok)
      return created.reason === 'url_not_public'
        ? urlNotPublic(c)
        : apiError(
            c,
            409,
            `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
            'too_many_endpoints',
          );
    deps.log.info('webhook endpoint created', { endpointId: created.endpoint.id });
    return c.json(created.endpoint, 201);
  });

  routes.get('/:id', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === ENVIRONMENT_ENDPOINT_ID && environment) {
      const [view] = await listWebhookEndpoints(deps.db, environment, deps.now());
      return c.json(view);
    }
    const view = id === undefined ? undefined : await getWebhookEndpoint(deps.db, id, deps.now());
    return view ? c.json(view) : notFound(c);
  });

  routes.patch('/:id', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    if (id === undefined) return notFound(c);
    const body = await readJsonBody(c, updateWebhookEndpointSchema);
    if (!body.ok) return body.response;
    const updated = await updateWebhookEndpoint(
      deps.db,
      id,
      body.data,
      { now: deps.now(), egress },
      merchantActor(c),
    );
    if (updated.ok) return c.json(updated.endpoint);
    return updated.reason === 'url_not_public' ? urlNotPublic(c) : notFound(c);
  });

  routes.delete('/:id', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    if (id === undefined || !(await deleteWebhookEndpoint(deps.db, id, deps.now(), merchantActor(c))))
      return notFound(c);
    deps.log.info('webhook endpoint deleted', { endpointId: id });
    return c.json({ id, object: 'webhook_endpoint', deleted: true });
  });

  routes.post('/:id/roll-secret', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === ENVIRONMENT_ENDPOINT_ID) return environmentReadOnly(c);
    if (id === undefined) return notFound(c);
    const body = await readOptionalJsonBody(c, rollWebhookSecretSchema);
    if (!body.ok) return body.response;
    const rolled = await rollWebhookEndpointSecret(
      deps.db,
      id,
      body.data.overlap_seconds,
      deps.now(),
      merchantActor(c),
    );
    if (!rolled) return notFound(c);
    deps.log.info('webhook endpoint secret rolled', { endpointId: id });
    return c.json(rolled);
  });

  routes.post('/:id/test', async (c) => {
    const id = readId(c.req.param('id'));
    if (id === undefined) return notFound(c);
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
        return notFound(c);
      case 'rate_limited':
        return testEventsLimited(c, outcome.retryAfterSeconds);
      case 'url_not_public':
        return testUrlNotPublic(c);
    }
  });

  return routes;
}
