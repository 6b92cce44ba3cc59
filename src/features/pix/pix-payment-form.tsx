import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { SessionCustomer } from '../../../contract/checkout-session.ts';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { AddressFields, BillingAddressFieldset } from '../../shopper/address-fields.tsx';
import { CustomerFields } from '../../shopper/customer-fields.tsx';
import { customerStart } from '../../shopper/customer-prefill.ts';
import { useFollowField } from '../../ui/use-follow-field.ts';
import { fieldErrorText } from '../../ui/form-text.ts';
import { PaymentSubmitArea } from '../../payment/payment-submit-area.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { usePaymentSubmit } from '../../payment/use-payment-submit.ts';
import { buildPixRequest, pixAsksAddress } from './build-pix-request.ts';
import { pixFieldFor } from './pix-field-map.ts';
import { EMPTY_PIX_FORM, pixFormSchema, type PixFormValues } from './pix-form-schema.ts';
import { useCreatePix } from './use-create-pix.ts';
// The form's errors (shared with the card form, whose validation chunk also registers them).
import '../../i18n/catalogues/form-errors.ts';

interface PixPaymentFormProps {
  order: OrderConfig;
  /** The gateway created the charge; the request is kept to issue a new code if this one expires. */
  onTransaction: (transaction: Transaction, request: PixTransactionRequest) => void;
  /**
   * The answer was lost, or the session moved on: a checkout session asks its server
   * (api/session-check.ts).
   */
  onCheckWithServer?: (() => void) | undefined;
  /** What the shop told the session about its customer: filled and folded. */
  customer?: SessionCustomer | null | undefined;
}

/** The delivery's own address asks no neighbourhood: the shipping sample of spec 2.1 has none. */
const SHIPPING_NAMES = {
  zipcode: 'shipZipcode',
  street: 'shipStreet',
  streetNumber: 'shipNumber',
  city: 'shipCity',
  state: 'shipState',
} as const;

/** Customer, billing address and (when the order is delivered) shipping of the PIX form (spec 2.1). */
export function PixPaymentForm({ order, onTransaction, onCheckWithServer, customer }: PixPaymentFormProps) {
  const { t, locale } = useI18n();
  const start = useMemo(() => customerStart(customer), [customer]);
  // Only what a PIX payment needs, unless the session asks more (its `collect`).
  const address = pixAsksAddress(order);
  const askPhone = order.collect?.phone === true;
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    setFocus,
    subscribe,
    getFieldState,
    formState: { errors },
  } = useForm<PixFormValues>({
    resolver: zodResolver(pixFormSchema({ address, phone: askPhone })),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_PIX_FORM, ...start.values },
  });
  // The payer's name is the billing name unless the shopper says it differs.
  useFollowField({ getValues, setValue, subscribe, getFieldState }, 'customerName', 'billingName');
  const shipToBilling = useWatch({ control, name: 'shipToBilling' });
  const createPix = useCreatePix();
  const errorText = (field: keyof PixFormValues) => fieldErrorText(t, errors[field]);
  const submit = usePaymentSubmit({
    handleSubmit,
    setError,
    pay: async (values: PixFormValues) => {
      const request = buildPixRequest(values, order);
      return { transaction: await createPix.mutateAsync(request), request };
    },
    onPaid: ({ transaction, request }) => onTransaction(transaction, request),
    fieldFor: (error, values) => pixFieldFor(error, values.shipToBilling),
    // A 504 or a time-out may have created a code the shopper can still pay: never invite a second one
    // (the hook blocks submitting until the shopper says they have checked).
    onCheckWithServer,
  });
  const { onSubmit, onKeyDown, busy } = submit;

  return (
    // Enter in its fields moves on (use-payment-submit.ts): delegated to the form, the inputs stay the targets.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="pix-form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-busy={busy}
      aria-label={t('pix.formName')}
    >
      <CustomerFields
        register={register}
        errorText={errorText}
        prefilled={start.prefilled}
        askPhone={askPhone}
      />
      {address ? (
        <BillingAddressFieldset
          register={register}
          errorText={errorText}
          cepForm={{ getValues, setValue, setFocus }}
          // Folded while it follows the payer's name; a billing name refused on its own is shown.
          nameFolded={!errors.billingName || errors.customerName !== undefined}
        />
      ) : null}

      {order.shipping ? (
        <fieldset className="fieldset">
          <legend>{t('pix.shippingLegend')}</legend>
          <p className="pix-form__fee">
            {t('pix.shippingFee', { fee: formatCents(order.shipping.fee, locale) })}
          </p>
          <label className="checkbox">
            <input type="checkbox" {...register('shipToBilling')} />
            <span>{t('pix.shipToBilling')}</span>
          </label>
          {shipToBilling ? null : (
            <>
              <TextField
                {...register('shipName')}
                label={t('pix.shipName')}
                error={errorText('shipName')}
                autoComplete="shipping name"
              />
              <AddressFields
                section="shipping"
                names={SHIPPING_NAMES}
                register={register}
                errorText={errorText}
              />
            </>
          )}
        </fieldset>
      ) : null}

      <PaymentSubmitArea {...submit} form="pix">
        {busy ? t('pix.submitting') : t('pix.submit', { amount: formatCents(order.amount, locale) })}
      </PaymentSubmitArea>
      <p className="secure-note">{t('pix.note')}</p>
    </form>
  );
}
