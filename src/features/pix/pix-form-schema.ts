import * as z from 'zod/mini';
import type { MessageKey } from '../../i18n/messages.ts';
import { EMPTY_BILLING_ADDRESS_FORM } from '../../shopper/billing-address.ts';
import {
  billingAddressFormShape,
  uncheckedBillingAddressShape,
  ZIPCODE,
} from '../../shopper/billing-address-form.ts';
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

/** What the PIX form asks beyond its payer's name, e-mail and document (`pixAsksAddress`, the session's `collect`). */
export interface PixFormOptions {
  address: boolean;
  phone: boolean;
}

const schemas = new Map<string, ReturnType<typeof buildPixFormSchema>>();

/** The form's schema for what it asks: fields it does not show are not checked either. */
export function pixFormSchema(options: PixFormOptions) {
  const key = `${String(options.address)}:${String(options.phone)}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildPixFormSchema(options);
    schemas.set(key, schema);
  }
  return schema;
}

function buildPixFormSchema({ address, phone }: PixFormOptions) {
  return z
    .object({
      ...customerFormShape(phone),
      // The zipcode is optional in the PIX billing sample, but the delivery may reuse this address, which needs it.
      ...(address ? billingAddressFormShape : uncheckedBillingAddressShape),
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
}

export type PixFormValues = z.input<ReturnType<typeof pixFormSchema>>;

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
