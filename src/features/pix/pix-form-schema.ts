import * as z from 'zod/mini';
import type { MessageKey } from '../../i18n/messages.ts';
import { EMPTY_BILLING_ADDRESS_FORM } from '../../shopper/billing-address.ts';
import { billingAddressFormShape, ZIPCODE } from '../../shopper/billing-address-form.ts';
import { BRAZIL_STATES } from '../../shopper/brazil-states.ts';
import { EMPTY_CUSTOMER_FORM } from '../../shopper/customer.ts';
import { customerFormShape } from '../../shopper/customer-form.ts';

/** Shipping fields are checked only when the delivery goes somewhere other than the billing address. */
const SHIPPING_RULES = [
  ['shipName', (v: string) => v.trim() !== '', 'pix.error.shipNameRequired'],
  ['shipZipcode', (v: string) => ZIPCODE.test(v.trim()), 'address.error.zipcodeInvalid'],
  ['shipStreet', (v: string) => v.trim() !== '', 'address.error.streetRequired'],
  ['shipNumber', (v: string) => v.trim() !== '', 'address.error.streetNumberRequired'],
  ['shipCity', (v: string) => v.trim() !== '', 'address.error.cityRequired'],
  [
    'shipState',
    (v: string) => (BRAZIL_STATES as readonly string[]).includes(v),
    'address.error.stateInvalid',
  ],
] as const satisfies readonly (readonly [string, (value: string) => boolean, MessageKey])[];

export const pixFormSchema = z
  .object({
    ...customerFormShape,
    // The zipcode is optional in the PIX billing sample, but the delivery may reuse this address, which needs it.
    ...billingAddressFormShape,
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
  ...EMPTY_BILLING_ADDRESS_FORM,
  shipToBilling: true,
  shipName: '',
  shipZipcode: '',
  shipStreet: '',
  shipNumber: '',
  shipCity: '',
  shipState: '',
};
