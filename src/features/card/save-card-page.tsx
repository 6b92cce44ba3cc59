import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { SavedCard } from '../../../contract/saved-cards.ts';
import type { GatewayError } from '../../api/gateway-error.ts';
import { isGatewayError } from '../../api/is-gateway-error.ts';
import { createSavedCard } from '../../api/saved-cards.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { errorMessageKey } from '../../ui/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { fieldErrorText } from '../../ui/form-text.ts';
import { CardDetailsFields } from './card-details-fields.tsx';
import { EMPTY_CARD_FORM } from './card-form-defaults.ts';
import type { CardFormValues } from './card-form-schema.ts';
import { expiryToWire } from './expiry.ts';
import { cardFieldFor } from './gateway-field-map.ts';
import { savedCardLabel } from './saved-card-choice.tsx';
import './saved-cards.css';
import '../../i18n/catalogues/saved-cards.ts';

interface SaveCardPageProps {
  /** The session's gateway-shaped base, `/api/pay/{id}`. */
  baseUrl: string;
  /** "Back to the shop" once saved (the session's success URL), if any. */
  shopHref: string | undefined;
}

type Notice = { kind: 'gateway'; error: GatewayError } | { kind: 'not-saved' } | { kind: 'invalid' };

/**
 * A "save a card" session (mode `setup`): the card's four fields, checked as on the payment form, and
 * `POST /v1/cards` through the server. Nothing is charged. The gateway's field errors land next to their
 * fields; an answer without a card id is "the card could not be saved".
 */
export function SaveCardPage({ baseUrl, shopHref }: SaveCardPageProps) {
  const { t } = useI18n();
  // Loaded as the payment form loads it (one shared lazy chunk, not a copy in this page's).
  const resolver = useCallback<Resolver<CardFormValues>>(async (values, context, options) => {
    const { cardFormResolver } = await import('./card-form-resolver.ts');
    return cardFormResolver(false, 'card-only')(values, context, options);
  }, []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CardFormValues>({ resolver, mode: 'onTouched', defaultValues: EMPTY_CARD_FORM });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SavedCard | null>(null);
  // A ref: a second click arrives before React re-renders with `busy`.
  const inFlight = useRef(false);
  // The form (and the Save button that had focus) is gone: the news takes focus, not the page's body.
  const savedHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (saved) savedHeading.current?.focus();
  }, [saved]);
  const errorText = (field: keyof CardFormValues) => fieldErrorText(t, errors[field]);

  const save = async (values: CardFormValues) => {
    setNotice(null);
    setBusy(true);
    try {
      const { card } = await createSavedCard(baseUrl, {
        card_number: values.cardNumber.replace(/\D/g, ''),
        card_holder_name: values.holderName.trim(),
        card_expiration_date: expiryToWire(values.expiry),
        card_cvv: values.cvv,
      });
      setSaved(card);
    } catch (error) {
      if (!isGatewayError(error)) {
        setNotice({ kind: 'not-saved' });
        return;
      }
      let focused = false;
      for (const fieldError of error.fieldErrors) {
        const field = cardFieldFor(fieldError);
        if (!field) continue;
        setError(field, { type: 'gateway', message: fieldError.message }, { shouldFocus: !focused });
        focused = true;
      }
      setNotice(error.kind === 'integration' ? { kind: 'gateway', error } : { kind: 'not-saved' });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    handleSubmit(save, () => setNotice({ kind: 'invalid' }))(event)
      .catch(() => setNotice({ kind: 'not-saved' }))
      .finally(() => {
        inFlight.current = false;
      });
  };

  // One text or nothing: an empty alert must stay empty (and hidden) until there is news.
  const noticeText = (current: Notice | null): string | null => {
    if (current === null) return null;
    if (current.kind === 'gateway') return t(errorMessageKey(current.error.kind));
    if (current.kind === 'not-saved') return t('saveCard.notSaved');
    const count = Object.keys(errors).length;
    return count === 1 ? t('form.error.summaryOne') : t('form.error.summaryOther', { count });
  };

  if (saved) {
    return (
      <section className="result result--success" aria-labelledby="card-saved-title">
        <h1 id="card-saved-title" ref={savedHeading} tabIndex={-1}>
          {t('saveCard.saved.title')}
        </h1>
        <p role="status">{t('saveCard.saved.body', { card: savedCardLabel(saved, t) })}</p>
        {shopHref ? (
          <p>
            <a className="button button--primary" href={shopHref}>
              {t('saveCard.backToShop')}
            </a>
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <form
      className="card-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-labelledby="save-card-title"
    >
      <h1 id="save-card-title">{t('saveCard.title')}</h1>
      <p>{t('saveCard.intro', { shop: t('savedCards.thisShop') })}</p>
      <Alert>{noticeText(notice)}</Alert>
      <fieldset className="fieldset">
        <legend>{t('card.legend')}</legend>
        <CardDetailsFields register={register} control={control} errorText={errorText} />
      </fieldset>
      <Button type="submit" busy={busy} className="pay-button">
        {busy ? t('saveCard.saving') : t('saveCard.submit')}
      </Button>
      <p className="secure-note">{t('card.secureNote')}</p>
    </form>
  );
}
