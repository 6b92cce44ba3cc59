import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../app-deps.ts';
import { findEventWithDeliveries, listEvents, type OutboxStatus } from '../events/event-repository.ts';
import { apiError } from '../http/api-error.ts';
import { cursorPage, decodeCursor, limitParam, readCursor } from '../http/list-params.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { readOptionalJsonBody } from '../http/json-body.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { endpointIdSchema } from '../webhook-endpoints/endpoint-ids.ts';
import { endpointNotFound } from './webhook-endpoint-answers.ts';
import { deliveriesToEndpoints } from '../webhook-endpoints/event-deliveries.ts';
import { resendEvent, resendFailedDeliveries } from '../webhook-endpoints/resend-events.ts';

const resendSchema = z.strictObject({ endpoint_id: z.optional(endpointIdSchema) });

/**
 * The merchant's view of the outbox: events, newest first, a page at a time (`limit`, `starting_after`: the
 * `next_cursor` of the page before), filter `status=failed` for those given up after three days,
 * each with its delivery attempts and its state at each webhook endpoint, resending one (to every endpoint,
 * or to the one in `endpoint_id`) and resending every failed delivery (`POST /resend-failed`). `status` is
 * the environment endpoint's (MERCHANT_WEBHOOK_URL); `endpoints` holds the others'.
 */
export function merchantEventRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));

  routes.get('/', async (c) => {
    const status = c.req.query('status');
    if (status !== undefined && !['pending', 'delivered', 'failed'].includes(status)) {
      return apiError(c, 400, 'status is pending, delivered or failed.', 'invalid_parameter', 'status');
    }
    const after = readCursor(c, c.req.query('starting_after'), 'starting_after', decodeCursor);
    if (!after.ok) return after.response;
    const limit = limitParam(c.req.query('limit') ?? '50');
    const rows = await listEvents(deps.db, {
      status: status as OutboxStatus | undefined,
      limit: limit + 1,
      after: after.cursor,
    });
    const page = cursorPage(rows, limit, (row) => row);
    return c.json({
      object: 'list',
      data: page.rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        attempts: row.attempts,
        last_error: row.lastError,
        next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        created_at: row.createdAt.toISOString(),
      })),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  });

  routes.get('/:id', async (c) => {
    const found = await findEventWithDeliveries(deps.db, c.req.param('id'));
    if (!found) return apiError(c, 404, 'No event has this id.', 'not_found', 'id');
    const { event: row, deliveries } = found;
    return c.json({
      id: row.id,
      type: row.type,
      status: row.status,
      payload: row.payload,
      endpoints: await deliveriesToEndpoints(deps.db, row.id),
      deliveries: deliveries.map((entry) => ({
        endpoint_id: entry.endpointId,
        at: entry.attemptedAt.toISOString(),
        ok: entry.ok,
        status_code: entry.statusCode,
        duration_ms: entry.durationMs,
        error: entry.error,
      })),
    });
  });

  routes.post('/resend-failed', async (c) => {
    const body = await readOptionalJsonBody(c, resendSchema);
    if (!body.ok) return body.response;
    const result = await resendFailedDeliveries(deps.db, {
      now: deps.now(),
      endpointId: body.data.endpoint_id,
    });
    if (!result.ok) return endpointNotFound(c, 'endpoint_id');
    return c.json({ object: 'resend', requeued: result.requeued });
  });

  routes.post('/:id/resend', async (c) => {
    const now = deps.now();
    const body = await readOptionalJsonBody(c, resendSchema);
    if (!body.ok) return body.response;
    const result = await resendEvent(deps.db, c.req.param('id'), { now, endpointId: body.data.endpoint_id });
    if (!result.ok)
      return result.reason === 'no_event'
        ? apiError(c, 404, 'No event has this id.', 'not_found', 'id')
        : endpointNotFound(c, 'endpoint_id');
    return c.json({
      id: result.eventId,
      status: 'pending',
      requeued: result.requeued,
      next_attempt_at: now.toISOString(),
    });
  });
  return routes;
}
