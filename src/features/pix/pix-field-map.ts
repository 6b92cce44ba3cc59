import type { FieldError } from '../../api/gateway-error.ts';
import { ADDRESS_FIELD_OF_PARAMETER, shopperFieldFor } from '../../shopper/shopper-field.ts';
import type { PixFormValues } from './pix-form-schema.ts';

type PixField = keyof PixFormValues;

const SHIPPING: Record<string, PixField> = {
  name: 'shipName',
  zipcode: 'shipZipcode',
  street: 'shipStreet',
  street_number: 'shipNumber',
  city: 'shipCity',
  state: 'shipState',
};

/**
 * Gateway parameter → the field the shopper can fix. A delivery to the billing address is fixed in the
 * billing fields (its name is the customer's); anything else as in shopper/shopper-field.ts.
 */
export function pixFieldFor(error: FieldError, shipToBilling: boolean): PixField | undefined {
  const [head = '', ...rest] = error.field.split('.');
  if (head !== 'shipping') return shopperFieldFor(error.field);
  const last = rest.at(-1) ?? head;
  if (!shipToBilling) return SHIPPING[last];
  return last === 'name' ? 'customerName' : ADDRESS_FIELD_OF_PARAMETER[last];
}
