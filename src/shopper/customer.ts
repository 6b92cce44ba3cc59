import type { CustomerRequest } from '../../contract/gateway/customer.ts';
import { toInternationalPhone } from '../lib/phone.ts';
import { normaliseTaxId, taxIdType } from '../lib/tax-id.ts';

/** The shopper's own details as the 3DS and PIX forms hold them; validated by customer-form.ts. */
export interface CustomerFormValues {
  customerName: string;
  email: string;
  taxId: string;
  phone: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = { customerName: '', email: '', taxId: '', phone: '' };

/** Form values (already validated) → the `customer` object of spec 2.5. */
export function toCustomerRequest(values: CustomerFormValues): CustomerRequest {
  const number = normaliseTaxId(values.taxId);
  return {
    name: values.customerName.trim(),
    type: 'individual',
    country: 'br',
    email: values.email.trim(),
    phone_numbers: [toInternationalPhone(values.phone) ?? values.phone],
    documents: [{ type: taxIdType(number) ?? 'cpf', number }],
  };
}

/** Gateway parameter (last path segment) → customer form field. */
export const CUSTOMER_FIELD_OF_PARAMETER: Record<string, keyof CustomerFormValues> = {
  email: 'email',
  phone_numbers: 'phone',
  documents: 'taxId',
  number: 'taxId',
};
