import * as z from 'zod/mini';
import { toInternationalPhone } from '../lib/phone.ts';
import { taxIdType } from '../lib/tax-id.ts';

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
