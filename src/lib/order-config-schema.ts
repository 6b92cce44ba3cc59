import * as z from 'zod/mini';
import { PAYMENT_METHODS, type OrderConfig } from './order-config.ts';

/**
 * The order contract as a zod schema: what the embed host's `init` message is checked against. The
 * checkout's first render checks URL orders with `validateOrderConfig` instead (zod is not in the first
 * load, docs/decisions.md); order-config.test.ts proves the two agree on every case it knows.
 */
export const orderItemSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  unitPrice: z.int().check(z.positive()),
  quantity: z.int().check(z.positive()),
  tangible: z.boolean(),
});

/** A delivered order: `fee` in cents is already part of `amount`; PIX sends it as `shipping.fee`. */
export const orderShippingSchema = z.object({
  fee: z.int().check(z.nonnegative(), z.lte(100_000_000)),
});

/** What the checkout sells and how it may be paid (DESIGN.md: "Where the order comes from"). */
export const orderConfigSchema = z.object({
  amount: z.int().check(z.positive(), z.lte(100_000_000)),
  items: z.array(orderItemSchema).check(z.minLength(1)),
  descriptor: z.optional(z.string().check(z.minLength(1), z.maxLength(22))),
  methods: z.array(z.enum(PAYMENT_METHODS)).check(z.minLength(1)),
  maxInstallments: z.int().check(z.gte(1), z.lte(12)),
  threeDS: z.enum(['required', 'off']),
  feesPaidBy: z.enum(['customer', 'merchant']),
  locale: z.optional(z.enum(['pt-BR', 'en'])),
  shipping: z.optional(orderShippingSchema),
});

/** Compile-time proof that the schema's output is exactly the hand-written type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const schemaMatchesType: Same<z.infer<typeof orderConfigSchema>, OrderConfig> = true;
