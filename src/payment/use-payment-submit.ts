import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type {
  FieldErrors,
  FieldPath,
  FieldValues,
  UseFormHandleSubmit,
  UseFormSetError,
} from 'react-hook-form';
import type { FieldError, GatewayError } from '../api/gateway-error.ts';
import { isGatewayError } from '../api/is-gateway-error.ts';
import { needsSessionCheck } from '../api/session-check.ts';

/** What a payment form's alert says: one message at a time, the latest first. */
export type FormNotice =
  | { kind: 'gateway'; error: GatewayError }
  /** A chunk that failed to load, or a bug: say so rather than fail silently. */
  | { kind: 'unexpected' }
  | { kind: 'invalid'; count: number };

interface PaymentSubmitOptions<V extends FieldValues, R> {
  handleSubmit: UseFormHandleSubmit<V>;
  setError: UseFormSetError<V>;
  /** Builds the request from valid values and sends it. */
  pay: (values: V) => Promise<R>;
  /** What the gateway created, whatever its status. */
  onPaid: (result: R, values: V) => void;
  /** A parameter the gateway refused (a 400) → the field the shopper can fix, if any. */
  fieldFor: (error: FieldError, values: V) => FieldPath<V> | undefined;
  /**
   * The answer was lost or the session moved on (api/session-check.ts): a checkout session asks its
   * server instead of showing an error. Without it, the form shows the error.
   */
  onCheckWithServer?: (() => void) | undefined;
}

/**
 * The submit logic of the card and PIX forms: one request at a time, the gateway's field errors on their
 * fields (the first one focused), and every failure told to the shopper — never an unhandled rejection.
 */
export function usePaymentSubmit<V extends FieldValues, R>(options: PaymentSubmitOptions<V, R>) {
  const { handleSubmit, setError, pay, onPaid, fieldFor, onCheckWithServer } = options;
  const [notice, setNotice] = useState<FormNotice | null>(null);
  // Bumped with every notice, so the same words are announced again on a second failed attempt.
  const [noticeKey, setNoticeKey] = useState(0);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click or Enter arrives before React re-renders with `busy`.
  const inFlight = useRef(false);

  // The gateway may have taken the payment (a time-out, a 504…): paying again must be a deliberate choice.
  const outcomeUnknown = notice?.kind === 'gateway' && notice.error.outcomeUnknown;

  const announce = (next: FormNotice) => {
    setNotice(next);
    setNoticeKey((key) => key + 1);
  };
  // The alert sits beside the Pay button; on a phone both may be below the fold after a long wait, so
  // the news is brought into view. Invalid fields are not: the first one takes focus, with its error.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = alertRef.current;
    // `in`: jsdom (the unit tests' DOM) has no scrollIntoView.
    if (notice && notice.kind !== 'invalid' && region && 'scrollIntoView' in region)
      region.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [notice, noticeKey]);

  /** `values` is absent when validation itself failed (its code did not load): nothing was sent. */
  const fail = (error: unknown, values?: V) => {
    if (!isGatewayError(error) || !values) {
      console.error('payment form failed', error instanceof Error ? error.name : typeof error);
      announce({ kind: 'unexpected' });
      return;
    }
    if (needsSessionCheck(error) && onCheckWithServer) {
      onCheckWithServer();
      return;
    }
    announce({ kind: 'gateway', error });
    let focused = false;
    for (const fieldError of error.fieldErrors) {
      const field = fieldFor(fieldError, values);
      if (!field) continue;
      setError(field, { type: 'gateway', message: fieldError.message }, { shouldFocus: !focused });
      focused = true;
    }
  };

  const send = async (values: V) => {
    setNotice(null);
    try {
      setBusy(true);
      let result: R;
      try {
        result = await pay(values);
      } finally {
        setBusy(false);
      }
      onPaid(result, values);
    } catch (error) {
      fail(error, values);
    }
  };

  const onInvalid = (invalid: FieldErrors<V>) => {
    announce({ kind: 'invalid', count: Object.keys(invalid).length });
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    // Enter in a field must not pay again while the outcome of the last payment is unknown.
    if (inFlight.current || outcomeUnknown) return;
    inFlight.current = true;
    handleSubmit(
      send,
      onInvalid,
    )(event)
      // `send` catches its own failures: only the resolver can still throw here.
      .catch((error: unknown) => fail(error))
      .finally(() => {
        inFlight.current = false;
      });
  };

  const clearNotice = () => setNotice(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const retry = (event: MouseEvent<HTMLButtonElement>) => {
    // Nothing but showing the submit button again: this press must never submit the form.
    event.preventDefault();
    // The button must be in the page before it can take focus; the pressed one is gone with the notice.
    flushSync(clearNotice);
    submitRef.current?.focus();
  };

  return {
    onSubmit,
    onKeyDown: nextEmptyFieldOnEnter,
    busy,
    notice,
    noticeKey,
    alertRef,
    clearNotice,
    outcomeUnknown,
    submitRef,
    retry,
  };
}

export type PaymentSubmit = ReturnType<typeof usePaymentSubmit>;

/**
 * Enter in a field whose keyboard says "next" goes to the next empty field of the form instead of paying
 * with half the form empty; once nothing later is empty, Enter pays as before (and never twice: onSubmit).
 */
function nextEmptyFieldOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  const field = event.target;
  if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || field.enterKeyHint !== 'next') return;
  const controls = [...event.currentTarget.elements].filter(
    (element): element is HTMLInputElement | HTMLSelectElement =>
      (element instanceof HTMLInputElement && !['checkbox', 'radio', 'hidden'].includes(element.type)) ||
      element instanceof HTMLSelectElement,
  );
  const next = controls
    .slice(controls.indexOf(field) + 1)
    .find(
      (control) => !control.disabled && control.value.trim() === '' && control.getClientRects().length > 0,
    );
  if (!next) return;
  event.preventDefault();
  next.focus();
}
