import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { AddressFields, BillingAddressFieldset } from '../../ui/address-fields.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CustomerFields } from '../../ui/customer-fields.tsx';
import { fieldErrorText, formNoticeText } from '../../ui/form-text.ts';
import { TextField } from '../../ui/text-field.tsx';
import { usePaymentSubmit } from '../../ui/use-payment-submit.ts';
import { buildPixRequest } from './build-pix-request.ts';
import { pixFieldFor } from './pix-field-map.ts';
import { EMPTY_PIX_FORM, pixFormSchema, type PixFormValues } from './pix-form-schema.ts';
import { useCreatePix } from './use-create-pix.ts';

interface PixPaymentFormProps {
  order: OrderConfig;
  /** The gateway created the charge; the request is kept to issue a new code if this one expires. */
  onTransaction: (transaction: Transaction, request: PixTransactionRequest) => void;
  /** The answer was lost, or the session moved on: a checkout session asks its server (lib/session-check.ts). */
  onCheckWithServer?: (() => void) | undefined;
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
export function PixPaymentForm({ order, onTransaction, onCheckWithServer }: PixPaymentFormProps) {
  const { t, locale } = useI18n();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PixFormValues>({
    resolver: zodResolver(pixFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_PIX_FORM,
  });
  const shipToBilling = useWatch({ control, name: 'shipToBilling' });
  const createPix = useCreatePix();
  const errorText = (field: keyof PixFormValues) => fieldErrorText(t, errors[field]);
  const { onSubmit, busy, notice, noticeKey } = usePaymentSubmit({
    handleSubmit,
    setError,
    name: 'PIX charge',
    pay: async (values: PixFormValues) => {
      const request = buildPixRequest(values, order);
      return { transaction: await createPix.mutateAsync(request), request };
    },
    onPaid: ({ transaction, request }) => onTransaction(transaction, request),
    fieldFor: (error, values) => pixFieldFor(error, values.shipToBilling),
    onCheckWithServer,
  });

  return (
    <form className="pix-form" noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={t('pix.formName')}>
      <Alert>
        {notice ? <span key={noticeKey}>{formNoticeText(notice, t, 'pix.error.unexpected')}</span> : null}
      </Alert>
      <CustomerFields register={register} errorText={errorText} />
      <BillingAddressFieldset register={register} errorText={errorText} />

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

      <Button type="submit" busy={busy} className="pay-button">
        {busy ? t('pix.submitting') : t('pix.submit', { amount: formatCents(order.amount, locale) })}
      </Button>
      <p className="secure-note">{t('pix.note')}</p>
    </form>
  );
}
