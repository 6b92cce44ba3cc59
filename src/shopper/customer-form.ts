import * as z from 'zod/mini';
import { toInternationalPhone } from '../lib/phone.ts';
import { taxIdType } from '../lib/tax-id-check.ts';

const phoneIsValid = (value: string) => toInternationalPhone(value) !== undefined;

/**
 * The shopper fields the 3DS and PIX forms share (spec 2.5). Messages are i18n keys of the `customer`
 * catalogue; spread `customerFormShape(askPhone)` into a form's z.object. The phone is required only when
 * the session asks it (`collect.phone`); otherwise it may stay empty, but what is there must be a phone
 * (the session's own customer may have one).
 */
export function customerFormShape(askPhone: boolean) {
  return {
    customerName: z.string().check(z.trim(), z.minLength(1, 'customer.error.nameRequired')),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'customer.error.emailRequired'),
        z.email('customer.error.emailInvalid'),
      ),
    taxId: z.string().check(
      z.trim(),
      z.minLength(1, 'customer.error.taxIdRequired'),
      z.refine((value) => taxIdType(value) !== undefined, 'customer.error.taxIdInvalid'),
    ),
    phone: askPhone
      ? z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'customer.error.phoneRequired'),
            z.refine(phoneIsValid, 'customer.error.phoneInvalid'),
          )
      : z.string().check(
          z.trim(),
          z.refine((value) => value === '' || phoneIsValid(value), 'customer.error.phoneInvalid'),
        ),
  };
}
