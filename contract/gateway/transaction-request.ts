import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';
import { billingRequestSchema } from './billing.ts';
import { boletoTransactionRequestSchema, type BoletoTransactionRequest } from './boleto-transaction.ts';
import { cardRequestSchema } from './card.ts';
import { cents } from './common.ts';
import { customerRequestSchema } from './customer.ts';
import { itemRequestSchema } from './item.ts';
import { shippingRequestSchema } from './shipping.ts';
import { threeDSecureRequestSchema } from './three-d-secure.ts';

const installments = z.int().check(z.gte(1), z.lte(24));
const descriptor = z.string().check(z.minLength(1), z.maxLength(22), plainText());
/**
 * The gateway's `card.card_id` of a stored card: sent top-level instead of `card` (docs/gateway-api.md §2.1).
 * Integer, as the gateway returns it (spec 2.9).
 */
export const cardIdSchema = z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER));

/**
 * What a card form carries around the card, in the spec's order: each form comes with the full card (`card`)
 * or a stored card's `card_id` (docs/gateway-api.md §2.1) between these two halves, and with nothing else
 * different, so the saved-card forms cannot drift from the typed-card ones.
 */
const cardFormHead = <Capture extends boolean>(capture: Capture) => ({
  payment_method: z.literal('credit_card'),
  amount: cents.check(z.positive()),
  async: z.optional(z.boolean()),
  capture: z.literal(capture),
  installments,
  descriptor: z.optional(descriptor),
});
const items = z.array(itemRequestSchema).check(z.minLength(1));
const plainCardTail = { billing: billingRequestSchema, items };
const threeDSCardTail = {
  billing: billingRequestSchema,
  customer: customerRequestSchema,
  items,
  threeDSecure: threeDSecureRequestSchema,
};

/** Plain card form of spec 2.1: captured at once. */
export const cardTransactionRequestSchema = z.strictObject({
  ...cardFormHead(true),
  card: cardRequestSchema,
  ...plainCardTail,
});
export type CardTransactionRequest = z.infer<typeof cardTransactionRequestSchema>;

/** The plain card form paid with a stored card: `card_id` instead of `card`. */
export const savedCardTransactionRequestSchema = z.strictObject({
  ...cardFormHead(true),
  card_id: cardIdSchema,
  ...plainCardTail,
});
export type SavedCardTransactionRequest = z.infer<typeof savedCardTransactionRequestSchema>;

/** 3DS form of spec 2.1: authorised only, with the shopper and browser data. */
export const threeDSTransactionRequestSchema = z.strictObject({
  ...cardFormHead(false),
  card: cardRequestSchema,
  ...threeDSCardTail,
});
export type ThreeDSTransactionRequest = z.infer<typeof threeDSTransactionRequestSchema>;

/** The 3DS form paid with a stored card: `card_id` instead of `card`. */
export const savedCardThreeDSTransactionRequestSchema = z.strictObject({
  ...cardFormHead(false),
  card_id: cardIdSchema,
  ...threeDSCardTail,
});
export type SavedCardThreeDSTransactionRequest = z.infer<typeof savedCardThreeDSTransactionRequestSchema>;

/**
 * PIX form of spec 2.1 / section 4. `billing` is in the sample, but a PIX charge names its payer by
 * `customer` (name, CPF/CNPJ): a session that does not collect the address sends none
 * (docs/decisions/164-fewer-fields.md).
 */
export const pixTransactionRequestSchema = z.strictObject({
  payment_method: z.literal('pix'),
  amount: cents.check(z.positive()),
  billing: z.optional(billingRequestSchema),
  customer: customerRequestSchema,
  shipping: z.optional(shippingRequestSchema),
  items: z.optional(z.array(itemRequestSchema)),
});
export type PixTransactionRequest = z.infer<typeof pixTransactionRequestSchema>;

/**
 * One path serves the three forms; the 3DS form is tried before the plain card one
 * because only it carries `threeDSecure` (strict objects reject the other's keys). Each card form comes
 * with full card data or with a stored card's `card_id`, never both (strict objects again).
 */
export const transactionRequestSchema = z.union([
  threeDSTransactionRequestSchema,
  savedCardThreeDSTransactionRequestSchema,
  cardTransactionRequestSchema,
  savedCardTransactionRequestSchema,
  pixTransactionRequestSchema,
  // Built only by the boleto adapter (server/gateway/boleto-adapter.ts): the browser sends the payer alone.
  boletoTransactionRequestSchema,
]);
export type TransactionRequest = z.infer<typeof transactionRequestSchema>;

/**
 * `transactionRequestSchema.safeParse`, at the cost of one form instead of up to six. The union tries each form
 * in turn, so a plain card payment was parsed three times over (both 3DS forms fail first), on every payment, in
 * the route and again before the gateway call. The forms exclude each other (strict objects, a different
 * `payment_method` or required key), so the form the body names is the only one that can accept it: it is
 * parsed against that form first, and against the whole union only when that fails, for the union's own errors.
 * The answer is the union's, for any input (`transaction-request.test.ts` holds the two to each other).
 */
export function parseTransactionRequest(
  input: unknown,
): ReturnType<typeof transactionRequestSchema.safeParse> {
  const form = formNamedBy(input);
  if (form) {
    const parsed = form.safeParse(input);
    if (parsed.success) return { success: true, data: parsed.data };
  }
  return transactionRequestSchema.safeParse(input);
}

function formNamedBy(input: unknown) {
  if (typeof input !== 'object' || input === null) return undefined;
  const method = (input as { payment_method?: unknown }).payment_method;
  if (method === 'pix') return pixTransactionRequestSchema;
  if (method === 'boleto') return boletoTransactionRequestSchema;
  if (method !== 'credit_card') return undefined;
  const saved = 'card_id' in input;
  if ('threeDSecure' in input)
    return saved ? savedCardThreeDSTransactionRequestSchema : threeDSTransactionRequestSchema;
  return saved ? savedCardTransactionRequestSchema : cardTransactionRequestSchema;
}
export type CardPaymentRequest = Exclude<
  TransactionRequest,
  PixTransactionRequest | BoletoTransactionRequest
>;

/** A card request paid with a stored card (`card_id`), narrowed for the checks that treat it apart. */
export function paysWithSavedCard(
  request: TransactionRequest,
): request is SavedCardTransactionRequest | SavedCardThreeDSTransactionRequest {
  return 'card_id' in request;
}
