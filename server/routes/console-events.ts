import { Hono } from 'hono';
import {
  consoleDeliveryQuerySchema,
  consoleResendRequestSchema,
  consoleTestEventRequestSchema,
} from '../../contract/console/console-events.ts';
import type { AppDeps } from '../app-deps.ts';
import { decodeDeliveryCursor, deliveryLogPage, endpointSummaries } from '../console/console-events.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/json-body.ts';
import { readCursor } from '../http/list-params.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { environmentEndpoint } from '../webhook-endpoints/manage-endpoints.ts';
import { resendEvent, resendFailedDeliveries } from '../webhook-endpoints/resend-events.ts';
import { sendTestEvent } from '../webhook-endpoints/send-test-event.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';
import { endpointNotFound, testEventsLimited, testUrlNotPublic } from './webhook-endpoint-answers.ts';
import * as z from 'zod/mini';

/**
 * The console's events (mounted at /api/console/events): the delivery log (one row per event and endpoint),
 * the endpoints' settings (read only), resending one delivery or every failed one, and a test event — the
 * last three staff and owners only, each audited. The work is the merchant API's
 * (server/webhook-endpoints/resend-events.ts, send-test-event.ts).
 */
export function consoleEventRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  const environment = environmentEndpoint(deps.env);
  const egress = webhookEgress(deps);
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  const actor = (c: { get: (key: 'consoleSession') => { user: { id: string; email: string } } }) => {
    const { user } = c.get('consoleSession');
    return { userId: user.id, email: user.email };
  };

  routes.get('/', async (c) => {
    const parsed = consoleDeliveryQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return apiErrors(c, 400, issuesToErrors(parsed.error.issues));
    const query = parsed.data;
    const after = readCursor(c, query.cursor, 'cursor', decodeDeliveryCursor);
    if (!after.ok) return after.response;
    const limit = Math.min(100, Math.max(1, Number(query.limit ?? 25)));
    return c.json(
      await deliveryLogPage(deps.db, environment, { status: query.status, after: after.cursor, limit }),
    );
  });

  routes.get('/endpoints', async (c) =>
    c.json({ data: await endpointSummaries(deps.db, environment, deps.now()) }),
  );

  // Before `/:id/resend`. Every delivery given up on (status failed), at every endpoint — the merchant
  // API's `POST /events/resend-failed` without an endpoint.
  routes.post('/resend-failed', requirePermission('operate'), async (c) => {
    const body = await readOptionalJsonBody(c, z.strictObject({}));
    if (!body.ok) return body.response;
    const result = await resendFailedDeliveries(deps.db, { now: deps.now(), actor: actor(c) });
    return c.json({ requeued: result.ok ? result.requeued : 0 });
  });

  // One event to one endpoint (a row of the log); the event keeps its id, so the merchant de-duplicates it.
  routes.post('/:id/resend', requirePermission('operate'), async (c) => {
    const body = await readJsonBody(c, consoleResendRequestSchema);
    if (!body.ok) return body.response;
    const eventId = c.req.param('id');
    const result = await resendEvent(deps.db, eventId, {
      now: deps.now(),
      endpointId: body.data.endpoint_id,
      actor: actor(c),
    });
    if (!result.ok)
      return result.reason === 'no_event'
        ? apiError(c, 404, 'No event has this id.', 'not_found', 'id')
        : endpointNotFound(c, 'endpoint_id');
    return c.json({ requeued: result.requeued });
  });

  // One signed POST now, answered to the caller; nothing queued or stored (decision 250); metered per user
  // and address, to a public address only (decision 280).
  routes.post('/test', requirePermission('operate'), async (c) => {
    const body = await readJsonBody(c, consoleTestEventRequestSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    const outcome = await sendTestEvent(
      { db: deps.db, policy, egress, environment },
      {
        endpointId: body.data.endpoint_id,
        meteredAs: { kind: 'console-test-event', userId: user.id },
        clientAddress: clientAddress(c, trust),
        now: deps.now(),
        actor: actor(c),
      },
    );
    switch (outcome.kind) {
      case 'rate_limited':
        return testEventsLimited(c, outcome.retryAfterSeconds);
      case 'sent': {
        const { object: _object, ...view } = outcome.result;
        return c.json(view);
      }
      case 'not_found':
        return endpointNotFound(c, 'endpoint_id');
      case 'url_not_public':
        return testUrlNotPublic(c);
    }
  });

  return routes;
}
