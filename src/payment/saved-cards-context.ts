import { createContext, type ComponentType, type ReactNode } from 'react';
import type {
  CardTransactionRequest,
  ThreeDSTransactionRequest,
  TransactionRequest,
} from '../../contract/gateway/transaction-request.ts';
import type { FormNotice } from './use-payment-submit.ts';

/**
 * Saved cards in the card form (issue 14), plugged in by the session's lazily loaded path — the first
 * load carries only this context and a few lines of the form. Null everywhere else: the form is as before.
 */
export interface SavedCardsSlot {
  /**
   * Wraps the card's own fields: the saved cards first, the fields only for "Use another card", the
   * consent. The form's notice says when the server refused the chosen card (told beside it).
   */
  Card: ComponentType<{
    children: ReactNode;
    notice: FormNotice | null;
    /** The chosen saved card's network (prices follow it); undefined when a card is to be typed. */
    onCardType: (type: string | undefined) => void;
  }>;
  /** Which fields the form validates: a saved card needs no number, name, expiry or CVV. */
  variant(): 'card' | 'saved-card';
  /** The built request, paid with the chosen saved card (`card_id`) when there is one. */
  request(request: CardTransactionRequest | ThreeDSTransactionRequest): TransactionRequest;
  /** The shopper's consent to keep a typed card. */
  options(): { saveCard: boolean };
  /** "Try another card" after a saved one was declined: the typed card's fields, shown now. */
  useAnother: () => void;
}

export const SavedCardsContext = createContext<SavedCardsSlot | null>(null);
