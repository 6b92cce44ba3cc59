import * as z from 'zod/mini';
import { EMPTY_CUSTOMER_FORM } from '../../lib/customer.ts';
import { customerFormShape } from '../../lib/customer-form.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { BRAZIL_STATES } from '../../lib/brazil-states.ts';

/** Messages are catalogue keys; the form translates them, so errors follow the shopper's language. */
const required = (key: MessageKey) => z.string().check(z.trim(), z.minLength(1, key));
const zipcode = /^\d{5}-?\d{3}$/;

/** Shipping fields are checked only when the delivery goes somewhere other than the billing address. */
const SHIPPING_RULES = [
  ['shipName', (v: string) => v.trim() !== '', 'pix.error.shipNameRequired'],
  ['shipZipcode', (v: string) => zipcode.test(v.trim()), 'pix.error.zipcodeInvalid'],
  ['shipStreet', (v: string) => v.trim() !== '', 'pix.error.streetRequired'],
  ['shipNumber', (v: string) => v.trim() !== '', 'pix.error.streetNumberRequired'],
  ['shipCity', (v: string) => v.trim() !== '', 'pix.error.cityRequired'],
  ['shipState', (v: string) => (BRAZIL_STATES as readonly string[]).includes(v), 'pix.error.stateInvalid'],
] as const satisfies readonly (readonly [string, (value: string) => boolean, MessageKey])[];

export const pixFormSchema = z
  .object({
    ...customerFormShape,
    billingName: required('pix.error.billingNameRequired'),
    // Optional in the PIX billing sample, but the delivery may reuse this address, which needs it.
    zipcode: required('pix.error.zipcodeRequired').check(z.regex(zipcode, 'pix.error.zipcodeInvalid')),
    street: required('pix.error.streetRequired'),
    streetNumber: required('pix.error.streetNumberRequired'),
    neighborhood: required('pix.error.neighborhoodRequired'),
    city: required('pix.error.cityRequired'),
    state: z.enum(BRAZIL_STATES, 'pix.error.stateInvalid'),
    shipToBilling: z.boolean(),
    shipName: z.string(),
    shipZipcode: z.string(),
    shipStreet: z.string(),
    shipNumber: z.string(),
    shipCity: z.string(),
    shipState: z.string(),
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        // Runs even when other fields failed (see `when`), so the values are not yet known to be well typed.
        const raw = values as Partial<Record<string, unknown>>;
        if (raw.shipToBilling !== false) return;
        for (const [field, ok, message] of SHIPPING_RULES) {
          const value = raw[field];
          if (typeof value !== 'string' || !ok(value))
            ctx.issues.push({ code: 'custom', message, path: [field], input: value });
        }
      },
      // Show the delivery's problems together with the rest, not only once everything else is right.
      { when: () => true },
    ),
  );

export type PixFormValues = z.input<typeof pixFormSchema>;

export const EMPTY_PIX_FORM: PixFormValues = {
  ...EMPTY_CUSTOMER_FORM,
  billingName: '',
  zipcode: '',
  street: '',
  streetNumber: '',
  neighborhood: '',
  city: '',
  state: '' as PixFormValues['state'],
  shipToBilling: true,
  shipName: '',
  shipZipcode: '',
  shipStreet: '',
  shipNumber: '',
  shipCity: '',
  shipState: '',
};
