import * as z from 'zod/mini';
import { MAX_ORDER_CENTS } from '../order-values.ts';
import { isValidBarcode, isValidDigitableLine } from './check-digits.ts';

/**
 * The normalised boleto: what the checkout means by a boleto, whatever the gateway calls its fields. The
 * one gateway adapter (the boleto adapter in server/gateway/) maps it to and from the gateway's wire.
 */

export const BOLETO_DUE_DAYS = { default: 3, max: 30 } as const;
export const BOLETO_INSTRUCTION_LINES = 2;
/** A line of the printed boleto's "instructions" box holds about 80 characters. */
export const BOLETO_INSTRUCTION_LENGTH = 80;
/** What the shopper is told: banks report a payment to the gateway within this many business days. */
export const BOLETO_CONFIRMATION_BUSINESS_DAYS = 3;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** What the merchant sets on a session (`boleto` in the session request): due date and instructions. */
export const boletoOptionsSchema = z.strictObject({
  /** Business days from the day the boleto is issued (São Paulo), 1 to 30; default 3. */
  due_in_business_days: z.optional(z.int().check(z.gte(1), z.lte(BOLETO_DUE_DAYS.max))),
  /** At most two lines printed in the boleto's instructions box, e.g. "Não receber após o vencimento". */
  instructions: z.optional(
    z.array(trimmed(BOLETO_INSTRUCTION_LENGTH)).check(z.maxLength(BOLETO_INSTRUCTION_LINES)),
  ),
});
export type BoletoOptions = z.infer<typeof boletoOptionsSchema>;

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

/** The normalised request the adapter maps to the gateway: amount from the session, never from the browser. */
export const boletoRequestSchema = z.strictObject({
  amount: z.int().check(z.positive(), z.lte(MAX_ORDER_CENTS)),
  /** `YYYY-MM-DD`, a business day. */
  due_date: isoDate,
  instructions: z.array(trimmed(BOLETO_INSTRUCTION_LENGTH)).check(z.maxLength(BOLETO_INSTRUCTION_LINES)),
  payer: boletoPayerSchema,
  /** The merchant's order id, sent as the customer's external id for the gateway's own reports. */
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type BoletoRequest = z.infer<typeof boletoRequestSchema>;

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
});
export type BoletoResult = z.infer<typeof boletoResultSchema>;
