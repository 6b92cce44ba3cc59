import { Hono, type Context } from 'hono';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import { cardRequestSchema } from '../../contract/gateway/card.ts';
import type { SavedCardCreated, SavedCardList } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import type { CheckoutSessionRow } from '../db/schema.ts';
import { writeEvents } from '../events/outbox.ts';
import { toSessionEventObject } from '../events/payment-view.ts';
import { brandOfNumber } from '../saved-cards/brand-of-number.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { apiError, apiErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy, rateLimitSubject } from '../http/client-address.ts';
import { paymentRateRules } from '../rate-limit/metering.ts';
import { readJsonBody } from '../http/json-body.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { savedCardCustomer } from '../saved-cards/saved-card-customer.ts';
import { hitAll } from '../rate-limit/rate-limit.ts';
import { cardFactsOfCreation, readCardId } from '../saved-cards/card-facts.ts';
import {
  deleteSavedCard,
  listSavedCards,
  saveCard,
  toSavedCard,
} from '../saved-cards/saved-card-repository.ts';
import { effectiveStatus, findSession, moveSession } from '../sessions/session-repository.ts';

type ShopperContext = Context<ServerEnvBindings>;

function notFound(c: ShopperContext): Response {
  return apiError(c, 404, 'No checkout session has this id.', 'not_found');
}

/**
 * The session customer's saved cards, for the shopper (the session id is the capability, as for paying):
 * list them, remove one, and — on a "save a card" session (mode `setup`) — save a new one with
 * `POST /v1/cards`. A session that allows no saved cards sees none; another customer's card is a 404.
 */
export function shopperCardRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  async function sessionOf(sid: string): Promise<CheckoutSessionRow | undefined> {
    return sessionIdSchema.safeParse(sid).success ? findSession(deps.db, sid) : undefined;
  }

  routes.get('/api/pay/:sid/cards', async (c) => {
    const session = await sessionOf(c.req.param('sid'));
    if (!session) return notFound(c);
    const customer = savedCardCustomer(session);
    const body: SavedCardList = {
      object: 'list',
      data: customer === undefined ? [] : await listSavedCards(deps.db, customer),
    };
    return c.json(body);
  });

  routes.delete('/api/pay/:sid/cards/:cardId', async (c) => {
    const session = await sessionOf(c.req.param('sid'));
    if (!session) return notFound(c);
    // A link that has ended (paid, expired) no longer manages the customer's cards.
    if (effectiveStatus(session, deps.now()) !== 'open') {
      return apiError(
        c,
        410,
        'This checkout has ended: its saved cards can no longer be changed.',
        'session_closed',
      );
    }
    const customer = savedCardCustomer(session);
    const cardId = readCardId(c.req.param('cardId'));
    const removed =
      customer !== undefined && cardId !== undefined && (await deleteSavedCard(deps.db, customer, cardId));
    if (!removed) return apiError(c, 404, 'This checkout has no such saved card.', 'not_found', 'card_id');
    deps.log.info('saved card removed by the shopper', { sessionId: session.id, cardId });
    return c.json({ id: cardId, object: 'saved_card', deleted: true });
  });

  routes.post('/api/pay/:sid/v1/cards', async (c) => {
    const sid = c.req.param('sid');
    const address = clientAddress(c, trust);
    const now = deps.now();
    // Saving a card checks it at the gateway: counted like payment attempts (card testing).
    const session = sessionIdSchema.safeParse(sid).success ? await findSession(deps.db, sid) : undefined;
    // An unknown id writes no rate-limit row; a known one counts like a payment, by the same subject.
    if (!session) return notFound(c);
    const verdict = await hitAll(deps.db, paymentRateRules(policy, sid, rateLimitSubject(address)), now);
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return apiError(c, 429, 'Too many attempts. Wait a moment and try again.', 'rate_limited');
    }
    const customer = savedCardCustomer(session);
    if (session.mode !== 'setup' || customer === undefined) {
      return apiError(c, 400, 'This checkout does not save cards without a payment.', 'session_mismatch');
    }
    const status = effectiveStatus(session, now);
    if (status === 'complete')
      return apiError(c, 409, 'A card was already saved with this link.', 'session_complete');
    if (status === 'expired')
      return apiError(c, 410, 'This link has expired. Ask the shop for a new one.', 'session_expired');

    const body = await readJsonBody(c, cardRequestSchema);
    if (!body.ok) return body.response;
    const card = body.data;
    const log = deps.log.child({ sessionId: sid });
    let answer: unknown;
    try {
      answer = (await deps.gateway.createCard(card)).data;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn('card creation failed', error.toLogFields());
      if (error.kind === 'integration') return apiErrors(c, 400, error.errors ?? []);
      if (error.outcomeUnknown) {
        return apiError(
          c,
          error.kind === 'timeout' ? 504 : 502,
          'The payment gateway did not confirm the card. It was not saved here; try again.',
          'card_not_saved',
        );
      }
      return apiError(
        c,
        503,
        'The payment gateway is unavailable. The card was not saved; try again shortly.',
        'gateway_unavailable',
      );
    }
    // The answer's fields are not shown in the spec: read an id leniently; without one nothing is kept.
    const facts = cardFactsOfCreation(answer, {
      firstDigits: card.card_number.slice(0, 6),
      lastDigits: card.card_number.slice(-4),
      holderName: card.card_holder_name,
      brand: brandOfNumber(card.card_number),
    });
    if (!facts) {
      log.warn('card creation answered no card id');
      return apiError(
        c,
        502,
        'The card could not be saved: the payment gateway did not return it.',
        'card_not_saved',
      );
    }
    const saved = await deps.db.transaction(async (tx) => {
      const row = await saveCard(tx, customer, facts, sid, deps.now());
      // The link has done its job: completed once, announced once (a second save in another tab keeps
      // its card but announces nothing).
      const completed = await moveSession(tx, { id: sid, from: ['open'], to: 'complete', at: deps.now() });
      if (completed && row) {
        await writeEvents(
          tx,
          [
            {
              type: 'checkout.session.completed',
              object: { ...toSessionEventObject(completed, 'complete'), saved_card: toSavedCard(row) },
              sessionId: sid,
              attemptId: null,
            },
          ],
          deps.now(),
        );
      }
      return row;
    });
    if (!saved) return apiError(c, 502, 'The card could not be saved.', 'card_not_saved');
    log.info('card saved', { cardId: saved.cardId });
    const created: SavedCardCreated = { card: toSavedCard(saved) };
    return c.json(created, 201);
  });

  return routes;
}
