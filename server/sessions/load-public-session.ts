import { sessionIdSchema, type PublicSession } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { readLinkRefusal } from '../payment-links/link-slots.ts';
import { cardsShownToShopper } from '../saved-cards/session-cards.ts';
import { findSession } from './session-repository.ts';
import { toPublicSession } from './session-views.ts';
import { syncSession } from './sync-session.ts';

/**
 * The shopper's view of a session, as `GET /api/pay/{id}` answers it and as the served HTML embeds it,
 * brought up to date first, so a reload, Back or a discarded tab shows where things really stand.
 * Undefined for an unknown or malformed id.
 */
export async function loadPublicSession(deps: AppDeps, id: string): Promise<PublicSession | undefined> {
  if (!sessionIdSchema.safeParse(id).success) return undefined;
  const found = await findSession(deps.db, id);
  if (!found) return undefined;
  const { latest, changed } = await syncSession(deps, deps.policy, id);
  // After a change the session may have completed meanwhile.
  const session = changed ? ((await findSession(deps.db, id)) ?? found) : found;
  // The customer's saved cards come with the page, so showing them costs no extra request.
  const cards = await cardsShownToShopper(deps, session);
  const now = deps.now();
  const view = toPublicSession(session, latest, now, cards);
  // An open session of a link that takes no payment now says why (decision 287); other sessions read nothing more.
  const refusal =
    session.paymentLinkId !== null && view.status === 'open'
      ? await readLinkRefusal(deps.db, session.paymentLinkId, session.id, now)
      : undefined;
  return refusal === undefined ? view : { ...view, payment_link_refusal: refusal };
}
