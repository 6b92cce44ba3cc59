import { useState, type ReactNode } from 'react';
import type { PublicSession } from '../../contract/checkout-session.ts';
import { createSavedCardSlot } from '../features/card/saved-card-choice.tsx';
import { SavedCardsContext } from '../payment/saved-cards-context.ts';

/**
 * The card form's saved-card slot for a session that saves cards: the customer's cards (they come with
 * the session, newest first) and the offer to save a typed one. One slot per session page.
 */
export function SavedCardsProvider({ session, children }: { session: PublicSession; children: ReactNode }) {
  const [slot] = useState(() =>
    createSavedCardSlot({ sessionId: session.id, cards: session.saved_cards ?? [], offerSave: true }),
  );
  return <SavedCardsContext value={slot}>{children}</SavedCardsContext>;
}
