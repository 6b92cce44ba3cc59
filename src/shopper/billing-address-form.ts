import * as z from 'zod/mini';
import type { MessageKey } from '../i18n/messages.ts';
import { BRAZIL_STATES } from './brazil-states.ts';

/** Messages are catalogue keys; the form translates them, so errors follow the shopper's language. */
export const requiredText = (key: MessageKey) => z.string().check(z.trim(), z.minLength(1, key));

export const ZIPCODE = /^\d{5}-?\d{3}$/;

/**
 * The billing fields the card and PIX forms share (spec 2.8). Spread `billingAddressFormShape` into a
 * form's z.object, as customer-form.ts's shape.
 */
export const billingAddressFormShape = {
  billingName: requiredText('address.error.billingNameRequired'),
  zipcode: requiredText('address.error.zipcodeRequired').check(
    z.regex(ZIPCODE, 'address.error.zipcodeInvalid'),
  ),
  street: requiredText('address.error.streetRequired'),
  streetNumber: requiredText('address.error.streetNumberRequired'),
  neighborhood: requiredText('address.error.neighborhoodRequired'),
  city: requiredText('address.error.cityRequired'),
  state: z.enum(BRAZIL_STATES, 'address.error.stateInvalid'),
};

/** The same fields on a form that does not ask them: never checked (the form's values keep one type). */
export const uncheckedBillingAddressShape = {
  billingName: z.string(),
  zipcode: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.custom<z.input<typeof billingAddressFormShape.state>>(),
};
