import * as z from 'zod/mini';
import { customerExternalIdSchema } from './saved-cards.ts';

/** The merchant's customers (docs/merchants/customers.md): the sessions' `customer` with an `external_id`. */

export const customerIdSchema = customerExternalIdSchema;

/** `email` or `document` (CPF digits, or a CNPJ, punctuation ignored). */
export const customerSearchSchema = z.strictObject({
  email: z.optional(z.email()),
  document: z.optional(
    z
      .pipe(
        z.string().check(z.maxLength(20)),
        z.transform((value) => value.replace(/[.\-/\s]/g, '').toUpperCase()),
      )
      .check(z.regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/, 'a CPF has 11 digits, a CNPJ 14 characters')),
  ),
});
export type CustomerSearch = z.infer<typeof customerSearchSchema>;

export interface CustomerView {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  document: { type: string; number: string } | null;
  phone: string | null;
  sessions: number;
  first_seen_at: string;
  last_seen_at: string;
  /** No personal data left: erased (only the merchant's id stays). */
  erased: boolean;
}

export interface CustomerErasure {
  id: string;
  object: 'customer_erasure';
  /** Nothing was left to erase: an earlier erasure did it (no second event). */
  already_erased: boolean;
  sessions_anonymised: number;
  payments_anonymised: number;
  saved_cards_removed: number;
  event_id: string | null;
}
