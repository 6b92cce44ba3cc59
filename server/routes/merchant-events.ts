import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import {
  findEventWithDeliveries,
  listEvents,
  requeueEvent,
  type OutboxStatus,
} from '../events/event-repository.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { merchantAuth } from '../http/merchant-auth.ts';

/**
 * The merchant's view of the outbox: events (filter `status=failed` for those given up after three days),
 * each with its delivery attempts, and resending one (it goes back to the queue, due now).
 */
export function merchantEventRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps.secretKey));

  routes.get('/', async (c) => {
    const status = c.req.query('status');
    if (status !== undefined && !['pending', 'delivered', 'failed'].includes(status)) {
      return apiError(c, 400, 'status is pending, delivered or failed.', 'invalid_parameter', 'status');
    }
    const rows = await listEvents(deps.db, {
      status: status as OutboxStatus | undefined,
      limit: Math.min(100, Number(c.req.query('limit') ?? 50) || 50),
    });
    return c.json({
      object: 'list',
      data: rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        attempts: row.attempts,
        last_error: row.lastError,
        next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        created_at: row.createdAt.toISOString(),
      })),
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
      deliveries: deliveries.map((entry) => ({
        at: entry.attemptedAt.toISOString(),
        ok: entry.ok,
        status_code: entry.statusCode,
        duration_ms: entry.durationMs,
        error: entry.error,
      })),
    });
  });

  routes.post('/:id/resend', async (c) => {
    const now = deps.now();
    const row = await requeueEvent(deps.db, c.req.param('id'), now);
    if (!row) return apiError(c, 404, 'No event has this id.', 'not_found', 'id');
    return c.json({ id: row.id, status: row.status, next_attempt_at: now.toISOString() });
  });
  return routes;
}
