import { EMPTY_BILLING_ADDRESS_FORM } from '../../shopper/billing-address.ts';
import { EMPTY_CUSTOMER_FORM } from '../../shopper/customer.ts';
import type { CardFormValues } from './card-form-schema.ts';

/** Kept apart from the schema so the form renders before the validation code has loaded. */
export const EMPTY_CARD_FORM: CardFormValues = {
  cardNumber: '',
  holderName: '',
  expiry: '',
  cvv: '',
  installments: '1',
  ...EMPTY_BILLING_ADDRESS_FORM,
  ...EMPTY_CUSTOMER_FORM,
};
