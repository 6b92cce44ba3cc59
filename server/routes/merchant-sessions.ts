import { Hono } from 'hono';
import { API_PATHS, createSessionRequestSchema, sessionIdSchema } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { boletoEnabled } from '../env.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { idempotencyKeyReused, readIdempotencyKey } from '../http/list-params.ts';
import { readJsonBody } from '../http/json-body.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { listAttempts } from '../payments/attempt-repository.ts';
import { createSession } from '../sessions/create-session.ts';
import { syncSession } from '../sessions/sync-session.ts';
import { expireSession } from '../sessions/expire-session.ts';
import { findSession } from '../sessions/session-repository.ts';
import { toCheckoutSession } from '../sessions/session-views.ts';

/** The merchant's sessions API, mounted at API_PATHS.merchantSessions: secret key on every call. */
export function merchantSessionRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const base = API_PATHS.merchantSessions;
  const { policy } = deps;
  routes.use('*', merchantAuth(deps));

  routes.post('/', async (c) => {
    const idempotency = readIdempotencyKey(c);
    if (!idempotency.ok) return idempotency.response;
    const key = idempotency.key;
    const body = await readJsonBody(c, createSessionRequestSchema);
    if (!body.ok) return body.response;
    const now = deps.now();
    const result = await createSession(deps.db, body.data, {
      now,
      idempotencyKey: key,
      boletoOn: boletoEnabled(deps.env),
    });
    if (result.kind === 'invalid')
      return apiError(c, 400, result.message, 'invalid_parameter', result.parameter);
    if (result.kind === 'conflict') {
      return idempotencyKeyReused(c);
    }
    // A replay answers exactly as the first call did (201), so a retried request needs no special case.
    if (result.kind === 'replayed') c.header('Idempotent-Replayed', 'true');
    else deps.log.info('session created', { sessionId: result.row.id, amount: result.row.amount });
    c.header('Location', `${base}/${result.row.id}`);
    return c.json(toCheckoutSession(result.row, { publicUrl: deps.publicUrl, now }), 201);
  });

  routes.get('/:id', async (c) => {
    const id = c.req.param('id');
    const found = sessionIdSchema.safeParse(id).success ? await findSession(deps.db, id) : undefined;
    if (!found) return apiError(c, 404, 'No checkout session has this id.', 'not_found', 'id');
    // A merchant polling for the outcome sees the gateway's latest word, as the shopper's page does.
    const { changed } = await syncSession(deps, policy, id);
    const session = changed ? ((await findSession(deps.db, id)) ?? found) : found;
    const payments = await listAttempts(deps.db, id);
    return c.json(toCheckoutSession(session, { publicUrl: deps.publicUrl, now: deps.now(), payments }));
  });

  routes.post('/:id/expire', async (c) => {
    const id = c.req.param('id');
    const outcome = sessionIdSchema.safeParse(id).success
      ? await expireSession(deps, id)
      : ({ kind: 'not-found' } as const);
    switch (outcome.kind) {
      case 'not-found':
        return apiError(c, 404, 'No checkout session has this id.', 'not_found', 'id');
      case 'complete':
        return apiError(c, 409, 'This checkout session is complete; it cannot expire.', 'session_complete');
      case 'payment-open': {
        const { attempt } = outcome;
        const what =
          attempt.paymentMethod === 'pix'
            ? 'A PIX code of this session can still be paid'
            : 'A card payment of this session is still being processed';
        return apiError(
          c,
          409,
          `${what} (payment ${attempt.id}, ${attempt.status}). Expire the session once it has ended: a PIX code when it expires, a card within a minute.`,
          'payment_in_progress',
          'payment',
        );
      }
      case 'expired':
        return c.json(toCheckoutSession(outcome.session, { publicUrl: deps.publicUrl, now: deps.now() }));
    }
  });

  return routes;
}
