import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { isGatewayError, type GatewayError } from '../../api/gateway-error.ts';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { isMessageKey } from '../../i18n/messages.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { needsSessionCheck } from '../../lib/session-check.ts';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CustomerFields } from '../../ui/customer-fields.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { buildPixRequest } from './build-pix-request.ts';
import { PixAddressFields } from './pix-address-fields.tsx';
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
  const [failure, setFailure] = useState<GatewayError | null>(null);
  // A ref, not state: a second click or Enter arrives before React re-renders with `isPending`.
  const inFlight = useRef(false);

  const errorText = (field: FieldPath<PixFormValues>): string | undefined => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    return isMessageKey(message) ? t(message) : t('pix.error.gatewayRejected', { detail: message });
  };

  const send = async (values: PixFormValues) => {
    setFailure(null);
    const request = buildPixRequest(values, order);
    try {
      onTransaction(await createPix.mutateAsync(request), request);
    } catch (error) {
      if (!isGatewayError(error)) throw error;
      if (needsSessionCheck(error) && onCheckWithServer) {
        onCheckWithServer();
        return;
      }
      setFailure(error);
      let focused = false;
      for (const fieldError of error.fieldErrors) {
        const field = pixFieldFor(fieldError, values.shipToBilling);
        if (!field) continue;
        setError(field, { type: 'gateway', message: fieldError.message }, { shouldFocus: !focused });
        focused = true;
      }
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void handleSubmit(send)(event).finally(() => {
      inFlight.current = false;
    });
  };

  const busy = createPix.isPending;
  return (
    <form className="pix-form" noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={t('pix.formName')}>
      <Alert>{failure ? t(errorMessageKey(failure.kind)) : null}</Alert>
      <CustomerFields
        registrations={{
          customerName: register('customerName'),
          email: register('email'),
          taxId: register('taxId'),
          phone: register('phone'),
        }}
        errors={{
          customerName: errorText('customerName'),
          email: errorText('email'),
          taxId: errorText('taxId'),
          phone: errorText('phone'),
        }}
      />

      <fieldset className="fieldset">
        <legend>{t('pix.billingLegend')}</legend>
        <TextField
          {...register('billingName')}
          label={t('pix.billingName')}
          error={errorText('billingName')}
          autoComplete="billing name"
        />
        <PixAddressFields
          section="billing"
          registrations={{
            zipcode: register('zipcode'),
            street: register('street'),
            number: register('streetNumber'),
            neighborhood: register('neighborhood'),
            city: register('city'),
            state: register('state'),
          }}
          errors={{
            zipcode: errorText('zipcode'),
            street: errorText('street'),
            number: errorText('streetNumber'),
            neighborhood: errorText('neighborhood'),
            city: errorText('city'),
            state: errorText('state'),
          }}
        />
      </fieldset>

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
              <PixAddressFields
                section="shipping"
                registrations={{
                  zipcode: register('shipZipcode'),
                  street: register('shipStreet'),
                  number: register('shipNumber'),
                  city: register('shipCity'),
                  state: register('shipState'),
                }}
                errors={{
                  zipcode: errorText('shipZipcode'),
                  street: errorText('shipStreet'),
                  number: errorText('shipNumber'),
                  city: errorText('shipCity'),
                  state: errorText('shipState'),
                }}
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
