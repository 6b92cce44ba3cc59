import * as z from 'zod/mini';
import { cents } from './common.ts';
import { documentRequestSchema } from './customer.ts';
import { itemRequestSchema } from './item.ts';

/**
 * The boleto form of `POST /v1/transactions`. The spec names boleto but shows no request for it; these
 * are the fields of the closest documented API of the gateway's family (the one the status list comes
 * from: Pagar.me API v4, `payment_method: "boleto"`), an assumption recorded in
 * decision record 200 (docs/decisions/). Only the boleto adapter in server/gateway/ builds it.
 */
export const boletoTransactionRequestSchema = z.strictObject({
  payment_method: z.literal('boleto'),
  amount: cents.check(z.positive()),
  /** `YYYY-MM-DD`: the boleto's due date. */
  boleto_expiration_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** One text, at most 255 characters; our two lines joined by a line break. */
  boleto_instructions: z.optional(z.string().check(z.maxLength(255))),
  customer: z.strictObject({
    external_id: z.optional(z.string()),
    name: z.string().check(z.minLength(1)),
    /** `corporation` for a CNPJ. */
    type: z.enum(['individual', 'corporation']),
    country: z.literal('br'),
    email: z.email(),
    documents: z.array(documentRequestSchema).check(z.minLength(1)),
  }),
  billing: z.strictObject({
    name: z.string().check(z.minLength(1)),
    address: z.strictObject({
      country: z.literal('br'),
      street: z.string().check(z.minLength(1)),
      street_number: z.string().check(z.minLength(1)),
      complementary: z.optional(z.string()),
      neighborhood: z.string().check(z.minLength(1)),
      city: z.string().check(z.minLength(1)),
      state: z.string().check(z.regex(/^[A-Z]{2}$/)),
      zipcode: z.string().check(z.regex(/^\d{8}$/)),
    }),
  }),
  items: z.optional(z.array(itemRequestSchema)),
});
export type BoletoTransactionRequest = z.infer<typeof boletoTransactionRequestSchema>;

/**
 * The boleto fields of a transaction (read leniently, beside spec 2.9's): `boleto_url` the printable
 * boleto, `boleto_barcode` the number (the family's API prints the digitable line there, with dots and
 * spaces; the adapter also takes the 44-digit barcode), `boleto_expiration_date` the due date (a date or
 * a timestamp), `boleto_qr_code` the PIX payload of a hybrid boleto (assumed, absent in older answers).
 */
export const boletoFieldsSchema = z.looseObject({
  boleto_url: z.nullish(z.string()),
  boleto_barcode: z.nullish(z.string()),
  boleto_expiration_date: z.nullish(z.string()),
  boleto_qr_code: z.nullish(z.string()),
});
export type BoletoFields = z.infer<typeof boletoFieldsSchema>;
