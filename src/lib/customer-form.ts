import * as z from 'zod/mini';
import type { CustomerRequest } from '../api/schemas/customer.ts';
import { toInternationalPhone } from './phone.ts';
import { taxIdType } from './tax-id.ts';

/**
 * The shopper fields the 3DS and PIX forms share (spec 2.5). Messages are i18n keys of the `customer`
 * catalogue; spread `customerFormShape` into a form's z.object.
 */
export const customerFormShape = {
  customerName: z.string().check(z.trim(), z.minLength(1, 'customer.error.nameRequired')),
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'customer.error.emailRequired'), z.email('customer.error.emailInvalid')),
  taxId: z.string().check(
    z.trim(),
    z.minLength(1, 'customer.error.taxIdRequired'),
    z.refine((value) => taxIdType(value) !== undefined, 'customer.error.taxIdInvalid'),
  ),
  phone: z.string().check(
    z.trim(),
    z.minLength(1, 'customer.error.phoneRequired'),
    z.refine((value) => toInternationalPhone(value) !== undefined, 'customer.error.phoneInvalid'),
  ),
};

export interface CustomerFormValues {
  customerName: string;
  email: string;
  taxId: string;
  phone: string;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = { customerName: '', email: '', taxId: '', phone: '' };

/** Form values (already validated) → the `customer` object of spec 2.5. */
export function toCustomerRequest(values: CustomerFormValues): CustomerRequest {
  const number = values.taxId.replace(/\D/g, '');
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
