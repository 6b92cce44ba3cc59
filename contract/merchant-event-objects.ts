import * as z from 'zod/mini';
import { SESSION_STATUSES } from './checkout-session.ts';
import { merchantPaymentSchema, type MerchantEventType } from './merchant-events.ts';
import { paymentLinkSchema } from './payment-links/payment-link.ts';
import { merchantReceivableSchema } from './receivables.ts';
import { savedCardSchema } from './saved-cards.ts';

/**
 * What each event type carries in `data.object` (docs/merchants/events.md, decision 289): one schema per type,
 * whichever code path writes it. The outbox takes only objects of these types (server/events/outbox.ts), and
 * server/merchant-docs.test.ts checks that events.md lists exactly these fields. Lenient like every response
 * schema (decision 002): a merchant parsing with them keeps working when a field is added.
 */

/** A checkout session as its events carry it. */
export const merchantSessionObjectSchema = z.object({
  /** The payment link whose visit opened the session, if any. */
  payment_link_id: z.optional(z.string()),
  id: z.string(),
  object: z.literal('checkout_session'),
  reference: z.string(),
  status: z.enum(SESSION_STATUSES),
  amount: z.int(),
  metadata: z.record(z.string(), z.string()),
});
export type MerchantSessionObject = z.infer<typeof merchantSessionObjectSchema>;

/** The session, and what completed it: the `payment` (mode `payment`) or the `saved_card` (mode `setup`). */
export const sessionCompletedObjectSchema = z.extend(merchantSessionObjectSchema, {
  payment: z.optional(merchantPaymentSchema),
  saved_card: z.optional(savedCardSchema),
});

/** The payment, and how much this refund gave back. */
export const paymentRefundedObjectSchema = z.extend(merchantPaymentSchema, {
  amount_refunded_now: z.int(),
});

/** A payment link as its events carry it: the API's link without its QR code (a chat message, not a poster). */
export const paymentLinkEventObjectSchema = z.omit(paymentLinkSchema, { qr_code: true });
export type PaymentLinkEventObject = z.infer<typeof paymentLinkEventObjectSchema>;

/** The link after the change, and the fields the PATCH named with their values before it. */
export const paymentLinkUpdatedObjectSchema = z.extend(paymentLinkEventObjectSchema, {
  previous_attributes: z.record(z.string(), z.unknown()),
});

export const customerErasedObjectSchema = z.object({
  /** The merchant's `customer.external_id`: the one thing kept. */
  id: z.string(),
  object: z.literal('customer'),
  erased_at: z.string(),
  sessions_anonymised: z.int(),
  payments_anonymised: z.int(),
  saved_cards_removed: z.int(),
});

/** Every type's `data.object`. */
export const MERCHANT_EVENT_OBJECT_SCHEMAS = {
  'checkout.session.completed': sessionCompletedObjectSchema,
  'checkout.session.expired': merchantSessionObjectSchema,
  'payment.authorized': merchantPaymentSchema,
  'payment.succeeded': merchantPaymentSchema,
  'payment.captured': merchantPaymentSchema,
  'payment.failed': merchantPaymentSchema,
  'payment.refunded': paymentRefundedObjectSchema,
  'payment.capture_deadline_approaching': merchantPaymentSchema,
  'pix.created': merchantPaymentSchema,
  'pix.expired': merchantPaymentSchema,
  'boleto.created': merchantPaymentSchema,
  'boleto.expired': merchantPaymentSchema,
  'payment_link.created': paymentLinkEventObjectSchema,
  'payment_link.updated': paymentLinkUpdatedObjectSchema,
  'payment_link.completed': paymentLinkEventObjectSchema,
  'payment_link.expired': paymentLinkEventObjectSchema,
  'customer.erased': customerErasedObjectSchema,
  'receivable.paid': merchantReceivableSchema,
} as const satisfies Record<MerchantEventType, z.ZodMiniObject>;

/** `data.object` of an event of type `T`. */
export type MerchantEventObject<T extends MerchantEventType> = z.infer<
  (typeof MERCHANT_EVENT_OBJECT_SCHEMAS)[T]
>;

/** The types whose object is a payment (the state machine's events; `payment.refunded` adds a field). */
export type PaymentEventType = {
  [T in MerchantEventType]: MerchantEventObject<T> extends z.infer<typeof merchantPaymentSchema> ? T : never;
}[MerchantEventType];
