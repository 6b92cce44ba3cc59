import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { digitsOf } from '../../shopper/billing-address.ts';
import { toBillingRequest } from '../../shopper/billing-request.ts';
import { toCustomerRequest } from '../../shopper/customer-request.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import type { PixFormValues } from './pix-form-schema.ts';

function shippingOf(values: PixFormValues, fee: number): NonNullable<PixTransactionRequest['shipping']> {
  if (values.shipToBilling) {
    return {
      name: values.customerName.trim(),
      fee: String(fee),
      address: {
        street: values.street.trim(),
        street_number: values.streetNumber.trim(),
        zipcode: digitsOf(values.zipcode),
        country: 'br',
        state: values.state,
        city: values.city.trim(),
      },
    };
  }
  return {
    name: values.shipName.trim(),
    fee: String(fee),
    address: {
      street: values.shipStreet.trim(),
      street_number: values.shipNumber.trim(),
      zipcode: digitsOf(values.shipZipcode),
      country: 'br',
      state: values.shipState,
      city: values.shipCity.trim(),
    },
  };
}

/**
 * Whether the PIX form asks the billing address: unless the session says not to (`collect.address`), and
 * always for a delivered order, whose delivery goes to that address by default
 * (docs/decisions/164-fewer-fields.md).
 */
export function pixAsksAddress(order: OrderConfig): boolean {
  return order.collect?.address !== false || order.shipping !== undefined;
}

/** Form values (already validated) → the PIX form of spec 2.1 / section 4; no address asked, no `billing`. */
export function buildPixRequest(values: PixFormValues, order: OrderConfig): PixTransactionRequest {
  return {
    payment_method: 'pix',
    amount: order.amount,
    customer: toCustomerRequest(values),
    ...(pixAsksAddress(order) ? { billing: toBillingRequest(values) } : {}),
    ...(order.shipping ? { shipping: shippingOf(values, order.shipping.fee) } : {}),
  };
}
