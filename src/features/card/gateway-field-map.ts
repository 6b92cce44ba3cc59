import type { FieldError } from '../../api/gateway-error.ts';
import { shopperFieldFor } from '../../shopper/shopper-field.ts';
import type { CardFormValues } from './card-form-schema.ts';

type CardField = keyof CardFormValues;

/** Gateway card parameter (last segment of its path) → the card field the shopper can fix. */
const CARD_FIELD_OF_PARAMETER: Record<string, CardField> = {
  card_number: 'cardNumber',
  card_holder_name: 'holderName',
  card_expiration_date: 'expiry',
  card_cvv: 'cvv',
  installments: 'installments',
};

/** The card's own fields, then the shopper's (shopper/shopper-field.ts). */
export function cardFieldFor(error: FieldError): CardField | undefined {
  const last = error.field.split('.').pop() ?? '';
  return CARD_FIELD_OF_PARAMETER[last] ?? shopperFieldFor(error.field);
}
