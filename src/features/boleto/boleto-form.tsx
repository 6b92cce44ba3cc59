import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { BoletoPayer, BoletoResult } from '../../../contract/boleto/boleto-model.ts';
import type { SessionCustomer } from '../../../contract/checkout-session.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { normaliseTaxId } from '../../lib/tax-id.ts';
import { taxIdType } from '../../lib/tax-id-check.ts';
import { PaymentSubmitArea } from '../../payment/payment-submit-area.tsx';
import { usePaymentSubmit } from '../../payment/use-payment-submit.ts';
import { AddressFields } from '../../shopper/address-fields.tsx';
import { digitsOf, EMPTY_BILLING_ADDRESS_FORM } from '../../shopper/billing-address.ts';
import { billingAddressFormShape } from '../../shopper/billing-address-form.ts';
import { CustomerFields } from '../../shopper/customer-fields.tsx';
import { EMPTY_CUSTOMER_FORM } from '../../shopper/customer.ts';
import { customerFormShape } from '../../shopper/customer-form.ts';
import { customerStart } from '../../shopper/customer-prefill.ts';
import { shopperFieldFor } from '../../shopper/shopper-field.ts';
import { fieldErrorText } from '../../ui/form-text.ts';
import { issueBoleto } from './boleto-api.ts';
import '../../i18n/catalogues/form-errors.ts';

/** A boleto needs the payer's name, CPF/CNPJ, e-mail and full address (the bank prints it on the boleto). */
const boletoFormSchema = z.object({
  ...customerFormShape(false),
  ...billingAddressFormShape,
  // The payer's own name is printed: no separate billing name.
  billingName: z.string(),
});
type BoletoFormValues = z.infer<typeof boletoFormSchema>;

const ADDRESS_NAMES = {
  zipcode: 'zipcode',
  street: 'street',
  streetNumber: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
} as const;

function payerOf(values: BoletoFormValues): BoletoPayer {
  const number = normaliseTaxId(values.taxId);
  return {
    name: values.customerName.trim(),
    document: { type: taxIdType(number) ?? 'cpf', number },
    email: values.email.trim(),
    address: {
      street: values.street.trim(),
      street_number: values.streetNumber.trim(),
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state,
      zipcode: digitsOf(values.zipcode),
    },
  };
}

interface BoletoFormProps {
  order: OrderConfig;
  customer?: SessionCustomer | null | undefined;
  onIssued: (boleto: BoletoResult) => void;
  onCheckWithServer?: (() => void) | undefined;
}

/** The payer of a boleto, then `POST …/boleto`: the server builds the rest from the session. */
export function BoletoForm({ order, customer, onIssued, onCheckWithServer }: BoletoFormProps) {
  const { t, locale } = useI18n();
  const baseUrl = useGatewayBase();
  const start = useMemo(() => customerStart(customer), [customer]);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<BoletoFormValues>({
    resolver: zodResolver(boletoFormSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_CUSTOMER_FORM, ...EMPTY_BILLING_ADDRESS_FORM, ...start.values },
  });
  const errorText = (field: keyof BoletoFormValues) => fieldErrorText(t, errors[field]);
  const submit = usePaymentSubmit({
    handleSubmit,
    setError,
    pay: (values: BoletoFormValues) => issueBoleto(baseUrl, payerOf(values)),
    onPaid: (boleto) => onIssued(boleto),
    // `payer.address.zipcode`, `payer.document.number`…: the last part names the shopper's field.
    fieldFor: (error) => {
      const last = error.field.split('.').at(-1) ?? '';
      return last === 'name' ? 'customerName' : shopperFieldFor(last);
    },
    onCheckWithServer,
  });
  const { onSubmit, onKeyDown, busy } = submit;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="boleto-form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-busy={busy}
      aria-label={t('boleto.formName')}
    >
      <CustomerFields register={register} errorText={errorText} prefilled={start.prefilled} />
      <fieldset className="fieldset">
        <legend>{t('boleto.addressLegend')}</legend>
        <AddressFields
          section="billing"
          names={ADDRESS_NAMES}
          register={register}
          errorText={errorText}
          cepForm={{ getValues, setValue, setFocus }}
        />
      </fieldset>
      <PaymentSubmitArea {...submit} form="boleto">
        {busy ? t('boleto.submitting') : t('boleto.submit', { amount: formatCents(order.amount, locale) })}
      </PaymentSubmitArea>
      <p className="secure-note">{t('boleto.note')}</p>
    </form>
  );
}
