import type { BillingAddressFormValues } from './billing-address.ts';
import { CUSTOMER_FIELD_OF_PARAMETER, type CustomerFormValues } from './customer.ts';

export type AddressField = Exclude<keyof BillingAddressFormValues, 'billingName'>;

/** Gateway address parameter (last path segment, spec 2.8) → the billing form field. */
export const ADDRESS_FIELD_OF_PARAMETER: Readonly<Record<string, AddressField>> = {
  zipcode: 'zipcode',
  street: 'street',
  street_number: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
};

/**
 * A gateway parameter about the shopper (`customer.documents.0.number`, `billing.address.zipcode`, or a
 * bare `email`) → the field of the card or PIX form that the shopper can fix. The first segment tells the
 * customer's name from the billing one; a bare ambiguous `name` stays a general error.
 */
export function shopperFieldFor(
  parameter: string,
): keyof CustomerFormValues | keyof BillingAddressFormValues | undefined {
  const [head = '', ...rest] = parameter.split('.');
  const last = rest.at(-1) ?? head;
  if (head === 'customer') return last === 'name' ? 'customerName' : CUSTOMER_FIELD_OF_PARAMETER[last];
  if (head === 'billing') return last === 'name' ? 'billingName' : ADDRESS_FIELD_OF_PARAMETER[last];
  if (rest.length === 0) return CUSTOMER_FIELD_OF_PARAMETER[last] ?? ADDRESS_FIELD_OF_PARAMETER[last];
  return undefined;
}
