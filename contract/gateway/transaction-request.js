import * as z from 'zod/mini';
import { billingRequestSchema } from './billing.ts';
import { cardRequestSchema } from './card.ts';
import { cents } from './common.ts';
import { customerRequestSchema } from './customer.ts';
import { itemRequestSchema } from './item.ts';
import { shippingRequestSchema } from './shipping.ts';
import { threeDSecureRequestSchema } from './three-d-secure.ts';
const installments = z.int().check(z.gte(1), z.lte(24));
const descriptor = z.string().check(z.minLength(1), z.maxLength(22));
/** Plain card form of spec 2.1: captured at once. */
export const cardTransactionRequestSchema = z.strictObject({
    payment_method: z.literal('credit_card'),
    amount: cents.check(z.positive()),
    async: z.optional(z.boolean()),
    capture: z.literal(true),
    installments,
    descriptor: z.optional(descriptor),
    card: cardRequestSchema,
    billing: billingRequestSchema,
    items: z.array(itemRequestSchema).check(z.minLength(1)),
});
/** 3DS form of spec 2.1: authorised only, with the shopper and browser data. */
export const threeDSTransactionRequestSchema = z.strictObject({
    payment_method: z.literal('credit_card'),
    amount: cents.check(z.positive()),
    async: z.optional(z.boolean()),
    capture: z.literal(false),
    installments,
    descriptor: z.optional(descriptor),
    card: cardRequestSchema,
    billing: billingRequestSchema,
    customer: customerRequestSchema,
    items: z.array(itemRequestSchema).check(z.minLength(1)),
    threeDSecure: threeDSecureRequestSchema,
});
/** PIX form of spec 2.1 / section 4. */
export const pixTransactionRequestSchema = z.strictObject({
    payment_method: z.literal('pix'),
    amount: cents.check(z.positive()),
    billing: billingRequestSchema,
    customer: customerRequestSchema,
    shipping: z.optional(shippingRequestSchema),
    items: z.optional(z.array(itemRequestSchema)),
});
/**
 * One path serves the three forms; the 3DS form is tried before the plain card one
 * because only it carries `threeDSecure` (strict objects reject the other's keys).
 */
export const transactionRequestSchema = z.union([
    threeDSTransactionRequestSchema,
    cardTransactionRequestSchema,
    pixTransactionRequestSchema,
]);
