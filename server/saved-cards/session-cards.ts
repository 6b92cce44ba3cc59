import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { SavedCard } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import { effectiveStatus, findSession } from '../sessions/session-repository.ts';
import { readCardId } from './card-facts.ts';
import { deleteSavedCard, listSavedCards } from './saved-card-repository.ts';
import { savedCardCustomer } from './saved-card-customer.ts';

/**
 * The session customer's saved cards, as the shopper sees them (the session id is the capability). A
 * session that allows no saved cards has none; undefined for an unknown session.
 */
export async function listSessionCards(deps: AppDeps, sessionId: string): Promise<SavedCard[] | undefined> {
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findSession(deps.db, sessionId)
    : undefined;
  if (!session) return undefined;
  const customer = savedCardCustomer(session);
  return customer === undefined ? [] : listSavedCards(deps.db, customer);
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
  if (effectiveStatus(session, deps.now()) !== 'open') return { kind: 'closed' };
  const customer = savedCardCustomer(session);
  const cardId = readCardId(rawCardId);
  const removed =
    customer !== undefined && cardId !== undefined && (await deleteSavedCard(deps.db, customer, cardId));
  if (!removed) return { kind: 'no-such-card' };
  deps.log.info('saved card removed by the shopper', { sessionId, cardId });
  return { kind: 'removed', cardId };
}
