import type { FieldError } from '../../api/gateway-error.ts';
import type { CardFormValues } from './card-form-schema.ts';

type CardField = keyof CardFormValues;

/** Gateway parameter (last segment of its path) → the form field the shopper can fix. */
const FIELD_OF_PARAMETER: Record<string, CardField> = {
  card_number: 'cardNumber',
  card_holder_name: 'holderName',
  card_expiration_date: 'expiry',
  card_cvv: 'cvv',
  installments: 'installments',
  zipcode: 'zipcode',
  street: 'street',
  street_number: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
};

/** `billing.name` is the billing name; a bare `name` is ambiguous and stays a general error. */
export function cardFieldFor(error: FieldError): CardField | undefined {
  if (error.field === 'billing.name') return 'billingName';
  const last = error.field.split('.').pop() ?? '';
  return FIELD_OF_PARAMETER[last];
}
