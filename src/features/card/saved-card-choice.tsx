import { useId, useState, type ReactNode } from 'react';
import type { SavedCard } from '../../../contract/saved-cards.ts';
import { removeSavedCard } from '../../api/saved-cards.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import type { SavedCardsSlot } from '../../ui/saved-cards-context.ts';
import { withSavedCard } from './saved-card-request.ts';
import './saved-cards.css';
// This chunk's words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/saved-cards.ts';

/** Brands as the gateway writes them (`visa`, `american-express`) → as shoppers read them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};

/** "Visa •••• 1111". */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last_digits'>, t: I18n['t']): string {
  const raw = card.brand?.trim() ?? '';
  const brand =
    BRAND_NAMES[raw.toLowerCase()] ??
    (raw ? raw.charAt(0).toUpperCase() + raw.slice(1) : t('savedCards.unknownBrand'));
  return t('savedCards.card', { brand, last4: card.last_digits ?? '••••' });
}

/** What a session allows: the customer's cards (newest first) and whether to offer saving a new one. */
export interface SavedCardsOffer {
  sessionId: string;
  cards: readonly SavedCard[];
  offerSave: boolean;
}

/** What the shopper chose: a saved card's gateway id (or null for a typed card) and the consent. */
interface CardChoice {
  cardId: number | null;
  save: boolean;
}

/**
 * The card form's saved-card slot for one session (src/ui/saved-cards-context.ts). The choice lives in
 * this object, so the form reads it when paying without re-rendering on it. The newest card starts chosen.
 */
export function createSavedCardSlot(offer: SavedCardsOffer): SavedCardsSlot {
  const choice: CardChoice = { cardId: offer.cards[0]?.id ?? null, save: false };
  function Card({ children }: { children: ReactNode }) {
    const [cardId, setCardId] = useState(choice.cardId);
    const choose = (next: number | null) => {
      choice.cardId = next;
      // Consent is given for a typed card only, and afresh each time the box is shown.
      choice.save = false;
      setCardId(next);
    };
    return (
      <>
        {offer.cards.length > 0 ? (
          <SavedCardChoice offer={offer} selected={cardId} onSelect={choose} />
        ) : null}
        {cardId === null ? children : null}
        {cardId === null && offer.offerSave ? (
          <SaveCardConsent
            onChange={(save) => {
              choice.save = save;
            }}
          />
        ) : null}
      </>
    );
  }
  return {
    Card,
    variant: () => (choice.cardId === null ? 'card' : 'saved-card'),
    request: (request) => (choice.cardId === null ? request : withSavedCard(request, choice.cardId)),
    options: () => ({ saveCard: choice.cardId === null && choice.save }),
  };
}

interface SavedCardChoiceProps {
  offer: SavedCardsOffer;
  selected: number | null;
  onSelect: (cardId: number | null) => void;
}

/**
 * The customer's saved cards first ("Visa •••• 1111"), the newest chosen, then "Use another card"; each
 * can be removed. One radio group, so the keyboard moves between the choices with the arrow keys.
 */
function SavedCardChoice({ offer, selected, onSelect: select }: SavedCardChoiceProps) {
  const { t } = useI18n();
  const name = useId();
  const [cards, setCards] = useState(offer.cards);
  const [removing, setRemoving] = useState<number | null>(null);
  const [status, setStatus] = useState('');

  const remove = async (card: SavedCard) => {
    const label = savedCardLabel(card, t);
    setRemoving(card.id);
    setStatus('');
    try {
      await removeSavedCard(offer.sessionId, card.id);
      const rest = cards.filter((other) => other.id !== card.id);
      setCards(rest);
      if (selected === card.id) select(rest[0]?.id ?? null);
      setStatus(t('savedCards.removed', { card: label }));
    } catch {
      setStatus(t('savedCards.removeFailed', { card: label }));
    } finally {
      setRemoving(null);
    }
  };

  if (cards.length === 0) {
    return (
      <p className="saved-cards__status" role="status">
        {status}
      </p>
    );
  }
  return (
    <fieldset className="fieldset saved-cards">
      <legend>{t('savedCards.legend')}</legend>
      <div className="saved-cards__list">
        {cards.map((card) => {
          const label = savedCardLabel(card, t);
          return (
            <div className="saved-card" key={card.id}>
              <label className="saved-card__choice">
                <input
                  type="radio"
                  name={name}
                  value={String(card.id)}
                  checked={selected === card.id}
                  onChange={() => select(card.id)}
                />
                <span className="saved-card__name">{label}</span>
              </label>
              <button
                type="button"
                className="saved-card__remove"
                aria-label={t('savedCards.removeLabel', { card: label })}
                disabled={removing !== null}
                onClick={() => void remove(card)}
              >
                {removing === card.id ? t('savedCards.removing') : t('savedCards.remove')}
              </button>
            </div>
          );
        })}
        <div className="saved-card">
          <label className="saved-card__choice">
            <input
              type="radio"
              name={name}
              value="new"
              checked={selected === null}
              onChange={() => select(null)}
            />
            <span>{t('savedCards.useAnother')}</span>
          </label>
        </div>
      </div>
      <p className="saved-cards__status" role="status">
        {status}
      </p>
    </fieldset>
  );
}

/**
 * "Save this card for next time": unchecked by default and never pre-ticked (LGPD consent is a free,
 * specific act), with what is kept, why, and how to undo it right under it.
 */
function SaveCardConsent({ onChange }: { onChange: (save: boolean) => void }) {
  const { t } = useI18n();
  const hintId = useId();
  // Never pre-ticked: consent starts unchecked every time the box is shown.
  const [checked, setChecked] = useState(false);
  return (
    <div className="save-consent">
      <label className="save-consent__label">
        <input
          type="checkbox"
          name="save-card"
          checked={checked}
          aria-describedby={hintId}
          onChange={(event) => {
            setChecked(event.target.checked);
            onChange(event.target.checked);
          }}
        />
        {t('savedCards.consent')}
      </label>
      <p className="save-consent__hint" id={hintId}>
        {t('savedCards.consentHint', { shop: t('savedCards.thisShop') })}
      </p>
    </div>
  );
}
