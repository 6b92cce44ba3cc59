import type { BillingRequest } from '../../contract/gateway/billing.ts';
import { digitsOf, type BillingAddressFormValues } from './billing-address.ts';

/** Form values (already validated) → the `billing` object of spec 2.8. */
export function toBillingRequest(values: BillingAddressFormValues): BillingRequest {
  return {
    name: values.billingName.trim(),
    address: {
      country: 'br',
      street: values.street.trim(),
      street_number: values.streetNumber.trim(),
      zipcode: digitsOf(values.zipcode),
      state: values.state,
      city: values.city.trim(),
      neighborhood: values.neighborhood.trim(),
    },
  };
}
