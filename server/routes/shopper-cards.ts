import { Hono, type Context } from 'hono';
import { cardRequestSchema } from '../../contract/gateway/card.ts';
import type { SavedCardCreated, SavedCardList } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError, apiErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { saveCardForSession } from '../saved-cards/save-card-for-session.ts';
import { listSessionCards, removeSessionCard } from '../saved-cards/session-cards.ts';

type ShopperContext = Context<ServerEnvBindings>;

function notFound(c: ShopperContext): Response {
  return apiError(c, 404, 'No checkout session has this id.', 'not_found');
}

/**
 * The session customer's saved cards, for the shopper, mounted at `/api/pay/{id}` (the session id is the
 * capability, as for paying): list them, remove one, and — on a "save a card" session (mode `setup`) —
 * save a new one with `POST /v1/cards`. A session that allows no saved cards sees none; another
 * customer's card is a 404.
 */
export function shopperCardRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/cards', async (c) => {
    const cards = await listSessionCards(deps, c.req.param('sid') ?? '');
    if (!cards) return notFound(c);
    const body: SavedCardList = { object: 'list', data: cards };
    return c.json(body);
  });

  routes.delete('/cards/:cardId', async (c) => {
    const outcome = await removeSessionCard(deps, c.req.param('sid') ?? '', c.req.param('cardId'));
    switch (outcome.kind) {
      case 'removed':
        return c.json({ id: outcome.cardId, object: 'saved_card', deleted: true });
      case 'not-found':
        return notFound(c);
      case 'closed':
        return apiError(
          c,
          410,
          'This checkout has ended: its saved cards can no longer be changed.',
          'session_closed',
        );
      case 'no-such-card':
        return apiError(c, 404, 'This checkout has no such saved card.', 'not_found', 'card_id');
    }
  });

  routes.post('/v1/cards', async (c) => {
    const body = await readJsonBody(c, cardRequestSchema);
    const outcome = await saveCardForSession(deps, policy, {
      sessionId: c.req.param('sid') ?? '',
      clientAddress: clientAddress(c, trust),
      card: body.ok ? body.data : undefined,
    });
    switch (outcome.kind) {
      case 'saved': {
        const created: SavedCardCreated = { card: outcome.card };
        return c.json(created, 201);
      }
      case 'not-found':
        return notFound(c);
      case 'rate-limited':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return apiError(c, 429, 'Too many attempts. Wait a moment and try again.', 'rate_limited');
      case 'not-setup':
        return apiError(c, 400, 'This checkout does not save cards without a payment.', 'session_mismatch');
      case 'complete':
        return apiError(c, 409, 'A card was already saved with this link.', 'session_complete');
      case 'expired':
        return apiError(c, 410, 'This link has expired. Ask the shop for a new one.', 'session_expired');
      case 'bad-request':
        return body.ok ? apiError(c, 400, 'Invalid request.', 'invalid_request') : body.response;
      case 'rejected':
        return apiErrors(c, 400, outcome.errors);
      case 'unconfirmed':
        return apiError(
          c,
          outcome.status,
          'The payment gateway did not confirm the card. It was not saved here; try again.',
          'card_not_saved',
        );
      case 'unavailable':
        return apiError(
          c,
          503,
          'The payment gateway is unavailable. The card was not saved; try again shortly.',
          'gateway_unavailable',
        );
      case 'not-saved':
        return outcome.reason === 'no-card-id'
          ? apiError(
              c,
              502,
              'The card could not be saved: the payment gateway did not return it.',
              'card_not_saved',
            )
          : apiError(c, 502, 'The card could not be saved.', 'card_not_saved');
    }
  });

  return routes;
}
