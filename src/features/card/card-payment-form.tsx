import {
  Suspense,
  use,
  useEffect,
  useImperativeHandle,
  useCallback,
  useMemo,
  useState,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { SessionCustomer } from '../../../contract/checkout-session.ts';
import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { outcomeOf } from '../../lib/transaction-status.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { BillingAddressFieldset } from '../../shopper/address-fields.tsx';
import { CustomerFields } from '../../shopper/customer-fields.tsx';
import type { StartingValues } from '../../shopper/restore-form.ts';
import { customerStart } from '../../shopper/customer-prefill.ts';
import { useFollowField } from '../../ui/use-follow-field.ts';
import { fieldErrorText } from '../../ui/form-text.ts';
import { PaymentSubmitArea } from '../../payment/payment-submit-area.tsx';
import { SavedCardsContext } from '../../payment/saved-cards-context.ts';
import { lazyComponent } from '../../ui/lazy-component.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { usePaymentSubmit } from '../../payment/use-payment-submit.ts';
import { formatCardNumberNow, useBrandDetector } from './card-brand-loader.ts';
import { CardDetailsFields } from './card-details-fields.tsx';
import { EMPTY_CARD_FORM } from './card-form-defaults.ts';
import type { CardFormValues } from './card-form-schema.ts';
import { cardFieldFor } from './gateway-field-map.ts';
import { installmentAmount, installmentCounts } from './installment-options.ts';
import { useCardPayment } from './use-card-payment.ts';
import { useInstallmentPrices } from './use-installment-prices.ts';

// The optional e-mail for the receipt (issue 42): its own chunk, out of the checkout's first load.
const ReceiptEmail = lazyComponent(() => import('./receipt-email.tsx').then((m) => m.ReceiptEmail));

export interface CardPaymentFormHandle {
  /** "Try another card": clears the card's own fields, keeps the rest, focuses the number. */
  clearCard(): void;
}

interface CardPaymentFormProps {
  order: OrderConfig;
  /** Called once the gateway has created the transaction, whatever its status. */
  onTransaction: (transaction: Transaction) => void;
  /**
   * With `order.threeDS === 'required'`: builds `threeDSecure` (browser data, return URLs) at the moment
   * of paying. Passed in by the app so this feature does not depend on the 3DS one.
   */
  prepareThreeDSecure?: () => Promise<ThreeDSecureRequest>;
  /**
   * The answer was lost (time-out, 502, 504…) or the session moved on (409, 410): a checkout
   * session asks its server where things stand (src/api/session-check.ts) instead of leaving the
   * shopper to guess. Without it, the form shows its own warning or error.
   */
  onCheckWithServer?: (() => void) | undefined;
  /** What the shop told the session about its customer: filled and folded. */
  customer?: SessionCustomer | null | undefined;
  /** Values to start from, e.g. what the last attempt sent, back from the bank (never card data). */
  restored?: StartingValues | undefined;
  /**
   * What the chosen plan charges in cents (undefined while the price with customer-paid fees is on its
   * way), e.g. for the order summary's total.
   */
  onChargeChange?: ((charged: number | undefined) => void) | undefined;
  ref?: Ref<CardPaymentFormHandle>;
}

export function CardPaymentForm({
  order,
  onTransaction,
  prepareThreeDSecure,
  onCheckWithServer,
  customer,
  restored,
  onChargeChange,
  ref,
}: CardPaymentFormProps) {
  const { t, locale } = useI18n();
  const withThreeDS = order.threeDS === 'required';
  const askPhone = order.collect?.phone === true;
  const start = useMemo(() => customerStart(customer), [customer]);
  // A session's saved cards and the consent to save one (issue 14): a lazily loaded slot, null elsewhere.
  const saved = use(SavedCardsContext);
  // The validation code loads on first use (it is prefetched when the page is idle), not with the form.
  const resolver = useCallback<Resolver<CardFormValues>>(
    async (values, context, options) => {
      const { cardFormResolver } = await import('./card-form-resolver.ts');
      return cardFormResolver(withThreeDS, saved?.variant(), askPhone)(values, context, options);
    },
    [withThreeDS, saved, askPhone],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    reset,
    getValues,
    subscribe,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<CardFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ...EMPTY_CARD_FORM, ...start.values, ...restored },
  });
  // One name, typed once: the name on the card is the billing name unless the shopper says it differs,
  // and with 3DS the customer's (the issuer authenticates the cardholder). Without 3DS no customer is sent.
  const follow = { getValues, setValue, subscribe, getFieldState };
  useFollowField(follow, 'holderName', 'billingName');
  useFollowField(follow, 'holderName', 'customerName');
  // A saved card types no name to follow: its forms ask the names as they always did. Back from the bank
  // with a billing name the shopper had set apart from the card's, it stays in view.
  const apart = restored?.billingName !== undefined && restored.billingName !== restored.holderName;
  const folds = (field: 'billingName' | 'customerName') =>
    !saved && !(field === 'billingName' && apart) && (!errors[field] || errors.holderName !== undefined);
  const installments = Number(useWatch({ control, name: 'installments' }));
  // Fees depend on the network, known only once the number's prefix names it.
  const [cardType, setCardType] = useState<string | undefined>();
  const prices = useInstallmentPrices(order, cardType);
  // One price everywhere: what the chosen plan charges is the Pay button, the request and the summary.
  const chargedFor = (count: number) => (prices ? prices.charged[count - 1] : order.amount);
  const charged = chargedFor(installments);
  useEffect(() => onChargeChange?.(charged), [charged, onChargeChange]);
  // Changes identity once, when the brand tables arrive: the form then re-renders a single time.
  const detectBrand = useBrandDetector();
  // A subscription, not useWatch: the form must not re-render on every digit (only the brand badge does).
  useEffect(() => {
    // Only a customer-paid order's prices follow the network: any other form does not re-render on it.
    // No number typed (a saved card chosen, or the form just opened) reports nothing: the saved card's
    // network, reported by its slot, is not overwritten.
    const report = (number: string) => {
      if (order.feesPaidBy === 'customer' && number)
        setCardType(detectBrand(number.replace(/\D/g, ''))?.type);
    };
    // A number typed (or autofilled) before the tables arrived is reported, and spaced, as soon as they do.
    const current = getValues('cardNumber');
    report(current);
    const spaced = formatCardNumberNow(current);
    if (spaced !== current) setValue('cardNumber', spaced);
    return subscribe({
      name: 'cardNumber',
      formState: { values: true },
      callback: ({ values }) => report(values.cardNumber),
    });
  }, [subscribe, detectBrand, getValues, setValue, order.feesPaidBy]);
  const pay = useCardPayment();
  const errorText = (field: keyof CardFormValues) => fieldErrorText(t, errors[field]);
  const submit = usePaymentSubmit({
    handleSubmit,
    setError,
    pay: (values: CardFormValues) =>
      pay(
        async () => {
          // Exactly what the Pay button said: the order's amount, or the chosen plan's with the fees.
          const amount = chargedFor(Number(values.installments));
          if (amount === undefined) throw new PriceUnknown();
          const charging = { ...order, amount };
          // A checkout that requires 3DS must never fall back to the plain (captured) form.
          if (withThreeDS && !prepareThreeDSecure)
            throw new Error('3DS is required but no prepareThreeDSecure was given');
          const [{ cardPaymentRequest }, threeDSecure] = await Promise.all([
            import('./card-request.ts'),
            withThreeDS ? prepareThreeDSecure?.() : undefined,
          ]);
          const request = cardPaymentRequest(values, charging, threeDSecure);
          // A saved card chosen: the same request with its `card_id` instead of the (empty) card fields.
          return saved ? saved.request(request) : request;
        },
        { ...saved?.options(), receiptEmail: values.email },
      ),
    onPaid: (transaction) => {
      // Card data is no longer needed once the gateway has the payment, unless the shopper must try again.
      if (outcomeOf(transaction.status) !== 'declined')
        reset({ ...EMPTY_CARD_FORM, ...billingOnly(getValues()) });
      onTransaction(transaction);
    },
    fieldFor: cardFieldFor,
    onCheckWithServer,
  });
  const { onSubmit, onKeyDown, busy, notice, noticeKey, alertRef, clearNotice, outcomeUnknown } = submit;
  // The Pay button that had focus has just left the page: take the shopper to the warning instead (on a
  // phone it is far above, out of view), rather than let focus fall to the document.
  useEffect(() => {
    if (outcomeUnknown) alertRef.current?.focus();
  }, [outcomeUnknown, noticeKey, alertRef]);

  useImperativeHandle(ref, () => ({
    clearCard() {
      for (const field of ['cardNumber', 'expiry', 'cvv'] as const) resetField(field);
      clearNotice();
      // A saved card was declined: the typed card's fields must be in the page before they take focus.
      if (saved) flushSync(saved.useAnother);
      setFocus('cardNumber');
    },
  }));

  // The store pays the fees, or their prices are on the way: "Nx R$ … (no interest)".
  const labelFor = (count: number) =>
    prices?.labels[count - 1] ??
    (count === 1
      ? t('card.installment.single', { amount: formatCents(order.amount, locale) })
      : t('card.installment.noInterest', {
          count,
          amount: formatCents(installmentAmount(order.amount, count), locale),
        }));

  const cardFields = <CardDetailsFields register={register} control={control} errorText={errorText} />;

  return (
    // Enter in its fields moves on (use-payment-submit.ts): delegated to the form, the inputs stay the targets.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="card-form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-busy={busy}
      aria-label={t('card.formName')}
    >
      <fieldset className="fieldset">
        <legend>{t('card.legend')}</legend>
        {saved ? (
          <saved.Card notice={notice} onCardType={setCardType}>
            {cardFields}
          </saved.Card>
        ) : (
          cardFields
        )}
        <SelectField
          {...register('installments')}
          label={t('card.installments')}
          error={errorText('installments')}
        >
          {installmentCounts(order.maxInstallments).map((count) => (
            <option key={count} value={String(count)}>
              {labelFor(count)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      {withThreeDS ? (
        <CustomerFields
          register={register}
          errorText={errorText}
          prefilled={start.prefilled}
          askPhone={askPhone}
          nameOnCard={folds('customerName')}
        />
      ) : (
        <Suspense>
          <ReceiptEmail register={register} errorText={errorText} resetField={resetField} order={order} />
        </Suspense>
      )}

      <BillingAddressFieldset
        register={register}
        errorText={errorText}
        cepForm={{ getValues, setValue, setFocus }}
        nameFolded={folds('billingName')}
      />

      {/* No Pay button while the first payment may have gone through (the notice says so). */}
      <PaymentSubmitArea {...submit} form="card">
        {busy
          ? t('card.paying')
          : charged === undefined
            ? t('checkout.calculating')
            : t('card.pay', { amount: formatCents(charged, locale) })}
      </PaymentSubmitArea>
      <p className="secure-note">{t('card.secureNote')}</p>
    </form>
  );
}

function billingOnly(values: CardFormValues): Partial<CardFormValues> {
  const { cardNumber: _n, expiry: _e, cvv: _c, holderName: _h, ...rest } = values;
  return rest;
}

/** The plan's price with fees has not arrived: nothing is sent (the form says "unexpected" and keeps all). */
class PriceUnknown extends Error {
  override name = 'PriceUnknown';
}
