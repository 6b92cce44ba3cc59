import * as z from 'zod/mini';
import { isValidBarcode, isValidDigitableLine } from './check-digits.ts';

/**
 * The normalised boleto: what the checkout means by a boleto, whatever the gateway calls its fields. The
 * one gateway adapter (server/gateway/boleto-adapter.ts) maps it to and from the gateway's wire. This file
 * holds what the shopper's browser needs (the payer, the result); the merchant's options are in
 * boleto-options.ts and the request the adapter maps in boleto-request.ts, so the checkout's lazy chunks
 * share no schema module (one fewer file for the first load to name).
 */

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * The payer, as a boleto requires: name, CPF or CNPJ, e-mail and the full postal address (a registered
 * boleto carries the payer's address; banks refuse one without it).
 */
export const boletoPayerSchema = z.strictObject({
  name: trimmed(120),
  document: z.strictObject({
    type: z.enum(['cpf', 'cnpj']),
    // CPF: 11 digits; CNPJ: 14 characters, alphanumeric from July 2026 (the last two stay digits).
    number: z.string().check(z.regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/)),
  }),
  email: z.email(),
  address: z.strictObject({
    street: trimmed(120),
    street_number: trimmed(20),
    complement: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    neighborhood: trimmed(120),
    city: trimmed(120),
    state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    zipcode: z.string().check(z.regex(/^\d{8}$/)),
  }),
});
export type BoletoPayer = z.infer<typeof boletoPayerSchema>;

/** What the shopper's browser sends (`POST /api/pay/{id}/boleto`): only the payer. The rest is the session's. */
export const boletoShopperRequestSchema = z.strictObject({ payer: boletoPayerSchema });
export type BoletoShopperRequest = z.infer<typeof boletoShopperRequestSchema>;

/** The boleto's states as the checkout shows them; the gateway's own status string travels beside it. */
export const BOLETO_STATES = ['waiting_payment', 'paid', 'expired', 'refunded', 'failed'] as const;
export type BoletoState = (typeof BOLETO_STATES)[number];

export const boletoResultSchema = z.object({
  transaction_id: z.int(),
  state: z.enum(BOLETO_STATES),
  /** The gateway's status string, as it sent it. */
  status: z.string(),
  amount: z.int(),
  /** 47 digits, without dots or spaces; the four check digits hold. */
  digitable_line: z.string().check(z.refine(isValidDigitableLine, 'not a valid 47-digit digitable line')),
  /** 44 digits; the general check digit holds. */
  barcode: z.string().check(z.refine(isValidBarcode, 'not a valid 44-digit barcode')),
  /** The printable boleto (https). */
  pdf_url: z.url({ protocol: /^https?$/ }),
  due_date: isoDate,
  /** Boleto híbrido: a PIX copy-and-paste payload that pays the same charge; null when not offered. */
  pix_qr_code: z.nullable(z.string().check(z.minLength(1), z.maxLength(512))),
  /** Paid after its due date (the bank accepted it late): said so, not hidden. */
  paid_late: z.boolean(),
  /**
   * The gateway's reference of the charge (its `ref_id`), shown to the shopper: what they quote to the shop, and
   * what the console shows as "Reference (the shopper's)". Null when the gateway sent none: the id is shown then.
   */
  ref_id: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type BoletoResult = z.infer<typeof boletoResultSchema>;
