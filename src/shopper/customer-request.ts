import type { CustomerRequest } from '../../contract/gateway/customer.ts';
import { toInternationalPhone } from '../lib/phone.ts';
import { normaliseTaxId } from '../lib/tax-id.ts';
import { taxIdType } from '../lib/tax-id-check.ts';
import type { CustomerFormValues } from './customer.ts';

/** Form values (already validated) → the `customer` object of spec 2.5. */
export function toCustomerRequest(values: CustomerFormValues): CustomerRequest {
  const number = normaliseTaxId(values.taxId);
  return {
    name: values.customerName.trim(),
    type: 'individual',
    country: 'br',
    email: values.email.trim(),
    // No phone asked and none known: the gateway hears none (docs/decisions/164-fewer-fields.md).
    phone_numbers: values.phone.trim() === '' ? [] : [toInternationalPhone(values.phone) ?? values.phone],
    documents: [{ type: taxIdType(number) ?? 'cpf', number }],
  };
}
