import type { FieldError } from '../../api/gateway-error.ts';
import { CUSTOMER_FIELD_OF_PARAMETER } from '../../lib/customer.ts';
import type { PixFormValues } from './pix-form-schema.ts';

type PixField = keyof PixFormValues;

const BILLING: Record<string, PixField> = {
  name: 'billingName',
  zipcode: 'zipcode',
  street: 'street',
  street_number: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
};

const SHIPPING: Record<string, PixField> = {
  name: 'shipName',
  zipcode: 'shipZipcode',
  street: 'shipStreet',
  street_number: 'shipNumber',
  city: 'shipCity',
  state: 'shipState',
};

/**
 * Gateway parameter → the field the shopper can fix. The first path segment tells billing from
 * shipping; a delivery to the billing address is fixed in the billing fields. A bare ambiguous name
 * stays a general error.
 */
export function pixFieldFor(error: FieldError, shipToBilling: boolean): PixField | undefined {
  const [head = '', ...rest] = error.field.split('.');
  const last = rest.at(-1) ?? head;
  if (head === 'customer' || (rest.length === 0 && last in CUSTOMER_FIELD_OF_PARAMETER)) {
    if (last === 'name' && head === 'customer') return 'customerName';
    return CUSTOMER_FIELD_OF_PARAMETER[last];
  }
  if (head === 'billing') return BILLING[last];
  if (head === 'shipping') {
    if (!shipToBilling) return SHIPPING[last];
    return last === 'name' ? 'customerName' : BILLING[last];
  }
  return undefined;
}
