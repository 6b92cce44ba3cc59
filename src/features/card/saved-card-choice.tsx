import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { savedCardNetwork } from '../../../contract/saved-card-network.ts';
import type { SavedCard } from '../../../contract/saved-cards.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import { cardBrandName } from '../../lib/card-brand-name.ts';
import type { SavedCardsSlot } from '../../payment/saved-cards-context.ts';
import type { FormNotice } from '../../payment/use-payment-submit.ts';
import { withSavedCard } from './saved-card-request.ts';
import './saved-cards.css';
// This chunk's words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/saved-cards.ts';

/** "Visa •••• 1111". */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last_digits'>, t: I18n['t']): string {
  const brand = cardBrandName(card.brand?.trim()) || t('savedCards.unknownBrand');
  return t('savedCards.card', { brand, last4: card.last_digits ?? '••••' });
}

/** What a session allows: the customer's cards (newest first) and whether to offer saving a new one. */
export interface SavedCardsOffer {
  sessionId: string;
  cards: readonly SavedCard[];
  offerSave: boolean;
}

/** The server refused the chosen `card_id` (removed meanwhile, or not this customer's). */
function refusesSavedCard(notice: FormNotice | null): boolean {
  return notice?.kind === 'gateway' && notice.error.fieldErrors.some((error) => error.field === 'card_id');
}

/**
 * The card form's saved-card slot for one session (src/payment/saved-cards-context.ts). The choice lives in
 * a small store outside React, so the form reads it when paying without re-rendering on it, and "Try
 * another card" can change it from outside. The newest card starts chosen.
 */
export function createSavedCardSlot(offer: SavedCardsOffer): SavedCardsSlot {
  const choice = { cardId: offer.cards[0]?.id ?? null, save: false };
  const listeners = new Set<() => void>();
  const choose = (cardId: number | null) => {
    // Consent is given for a typed card only, and afresh each time the box is shown.
    choice.cardId = cardId;
    choice.save = false;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function Card({
    children,
    notice,
    onCardType,
  }: {
    children: ReactNode;
    notice: FormNotice | null;
    onCardType: (type: string | undefined) => void;
  }) {
    const cardId = useSyncExternalStore(subscribe, () => choice.cardId);
    // A saved card is priced by its own network, written as the server writes it (savedCardNetwork).
    const brand = offer.cards.find((card) => card.id === cardId)?.brand;
    useEffect(() => onCardType(brand ? savedCardNetwork(brand) : undefined), [brand, onCardType]);
    return (
      <>
        {offer.cards.length > 0 ? (
          <SavedCardChoice
            offer={offer}
            selected={cardId}
            onSelect={choose}
            refusedBy={cardId !== null && refusesSavedCard(notice) ? notice : null}
          />
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
    useAnother: () => choose(null),
  };
}

interface SavedCardChoiceProps {
  offer: SavedCardsOffer;
  selected: number | null;
  onSelect: (cardId: number | null) => void;
  /** The notice of the server refusing the chosen card, if it did: said beside it, focused. */
  refusedBy: FormNotice | null;
}

/**
 * The customer's saved cards first ("Visa •••• 1111"), the newest chosen, then "Use another card". One
 * radio group, so the keyboard moves between the choices with the arrow keys. Removing a card asks first
 * (inline, focus on the confirmation), then says what happened in a status line; focus never falls to
 * the page: it goes to the card now chosen, or back to the button that was pressed.
 */
function SavedCardChoice({ offer, selected, onSelect: select, refusedBy }: SavedCardChoiceProps) {
  const { t } = useI18n();
  const name = useId();
  const errorId = useId();
  const [cards, setCards] = useState(offer.cards);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const list = useRef<HTMLFieldSetElement>(null);
  const refused = refusedBy !== null;
  // As the first invalid field does: the refused card takes focus (on a phone it is far above Pay).
  useEffect(() => {
    if (refusedBy) list.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [refusedBy]);
  // Where focus goes after a removal or a "Keep": found in the page once React has rendered it.
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => {
      const target =
        list.current?.querySelector<HTMLElement>(selector) ??
        // Every card removed: the list is gone, the typed card's first field takes focus.
        document.querySelector<HTMLElement>('.card-form input[autocomplete="cc-number"]');
      target?.focus();
    });

  const remove = async (card: SavedCard) => {
    const label = savedCardLabel(card, t);
    setRemoving(card.id);
    setStatus('');
    try {
      // The API client and its schemas load on first use, not with the list.
      const { removeSavedCard } = await import('../../api/saved-cards.ts');
      await removeSavedCard(offer.sessionId, card.id);
      const rest = cards.filter((other) => other.id !== card.id);
      setCards(rest);
      setConfirming(null);
      if (selected === card.id) select(rest[0]?.id ?? null);
      setStatus(t('savedCards.removed', { card: label }));
      focusLater('input[type="radio"]:checked');
    } catch {
      setConfirming(null);
      setStatus(t('savedCards.removeFailed', { card: label }));
      focusLater(`[data-remove="${String(card.id)}"]`);
    } finally {
      setRemoving(null);
    }
  };

  const statusLine = (
    <p className="saved-cards__status" role="status">
      {status}
    </p>
  );
  if (cards.length === 0) return statusLine;
  return (
    <fieldset className="fieldset saved-cards" ref={list} aria-busy={removing !== null}>
      <legend>{t('savedCards.legend')}</legend>
      <div className="saved-cards__list">
        {cards.map((card) => {
          const label = savedCardLabel(card, t);
          const chosen = selected === card.id;
          if (confirming === card.id) {
            return (
              <div className="saved-card saved-card--confirm" key={card.id}>
                <span className="saved-card__question">{t('savedCards.confirmRemove', { card: label })}</span>
                <span className="saved-card__actions">
                  <button
                    type="button"
                    className="saved-card__remove saved-card__remove--confirm"
                    data-confirm={card.id}
                    disabled={removing !== null}
                    onClick={() => void remove(card)}
                  >
                    {removing === card.id ? t('savedCards.removing') : t('savedCards.remove')}
                  </button>
                  <button
                    type="button"
                    className="saved-card__remove"
                    disabled={removing !== null}
                    onClick={() => {
                      setConfirming(null);
                      focusLater(`[data-remove="${String(card.id)}"]`);
                    }}
                  >
                    {t('savedCards.keep')}
                  </button>
                </span>
              </div>
            );
          }
          return (
            <div className="saved-card" key={card.id}>
              <label className="saved-card__choice">
                <input
                  type="radio"
                  name={name}
                  value={String(card.id)}
                  checked={chosen}
                  onChange={() => select(card.id)}
                  aria-describedby={chosen && refused ? errorId : undefined}
                />
                <span className="saved-card__text">
                  <span className="saved-card__name">{label}</span>
                  {card.holder_name ? <span className="saved-card__holder">{card.holder_name}</span> : null}
                </span>
              </label>
              <button
                type="button"
                className="saved-card__remove"
                data-remove={card.id}
                aria-label={t('savedCards.removeLabel', { card: label })}
                disabled={removing !== null}
                onClick={() => {
                  setStatus('');
                  setConfirming(card.id);
                  focusLater(`[data-confirm="${String(card.id)}"]`);
                }}
              >
                {t('savedCards.remove')}
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
      {refused ? (
        <p className="field__error saved-cards__error" id={errorId}>
          {t('savedCards.unavailable')}
        </p>
      ) : null}
      {statusLine}
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
