import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { SavedCard } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import { isClosedToShopper } from '../sessions/closed-session.ts';
import { findSession } from '../sessions/session-repository.ts';
import { readCardId } from './card-facts.ts';
import { deleteSavedCard, listSavedCards } from './saved-card-repository.ts';
import { savedCardCustomer } from './saved-card-customer.ts';

/**
 * The saved cards a session's shopper sees, on its page and at `/cards` alike: the customer's while the
 * session is open; none once it is complete or expired (closed-session.ts), nor when it allows none.
 */
export async function cardsShownToShopper(deps: AppDeps, session: CheckoutSessionRow): Promise<SavedCard[]> {
  const customer = savedCardCustomer(session);
  if (customer === undefined || isClosedToShopper(session, deps.now())) return [];
  return listSavedCards(deps.db, customer);
}

/** `GET /api/pay/{id}/cards` (the session id is the capability); undefined for an unknown session. */
export async function listSessionCards(deps: AppDeps, sessionId: string): Promise<SavedCard[] | undefined> {
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findSession(deps.db, sessionId)
    : undefined;
  return session && cardsShownToShopper(deps, session);
}

export type RemoveCardOutcome =
  | { kind: 'removed'; cardId: number }
  | { kind: 'not-found' }
  /** A link that has ended (paid, expired) no longer manages the customer's cards. */
  | { kind: 'closed' }
  /** Another customer's card, or none: the same answer. */
  | { kind: 'no-such-card' };

export async function removeSessionCard(
  deps: AppDeps,
  sessionId: string,
  rawCardId: string,
): Promise<RemoveCardOutcome> {
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findSession(deps.db, sessionId)
    : undefined;
  if (!session) return { kind: 'not-found' };
  if (isClosedToShopper(session, deps.now())) return { kind: 'closed' };
  const customer = savedCardCustomer(session);
  const cardId = readCardId(rawCardId);
  const removed =
    customer !== undefined && cardId !== undefined && (await deleteSavedCard(deps.db, customer, cardId));
  if (!removed) return { kind: 'no-such-card' };
  deps.log.info('saved card removed by the shopper', { sessionId, cardId });
  return { kind: 'removed', cardId };
}
