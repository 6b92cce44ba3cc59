import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { digitsOf, toBillingRequest } from '../../shopper/billing-address.ts';
import { toCustomerRequest } from '../../shopper/customer.ts';
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

/** Form values (already validated) → the PIX form of spec 2.1 / section 4. */
export function buildPixRequest(values: PixFormValues, order: OrderConfig): PixTransactionRequest {
  return {
    payment_method: 'pix',
    amount: order.amount,
    customer: toCustomerRequest(values),
    billing: toBillingRequest(values),
    ...(order.shipping ? { shipping: shippingOf(values, order.shipping.fee) } : {}),
  };
}
