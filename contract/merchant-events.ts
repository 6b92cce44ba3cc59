import * as z from 'zod/mini';

/**
 * The events the checkout server sends to the merchant's webhook URL (docs/merchants/events.md). Each
 * body is `{ id: "evt_…", type, created, data: { object } }`, signed in `Checkout-Signature`.
 */
export const MERCHANT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.expired',
  'payment.authorized',
  'payment.succeeded',
  'payment.captured',
  'payment.failed',
  'payment.refunded',
  'payment.capture_deadline_approaching',
  /** A PIX code was issued (`waiting_payment`): the shopper holds the code until it expires. */
  'pix.created',
  'pix.expired',
  /** A boleto was issued (`waiting_payment`): the shopper has its line and PDF; the money comes days later. */
  'boleto.created',
  /** A boleto's due date passed unpaid and the gateway ended it (`canceled`). */
  'boleto.expired',
  /** Payment links (docs/merchants/payment-links.md). */
  'payment_link.created',
  'payment_link.updated',
  /** `max_payments` sessions of the link are paid: it takes no more. */
  'payment_link.completed',
  'payment_link.expired',
  /** A customer's personal data was erased (LGPD): saved cards removed, sessions and payments anonymised. */
  'customer.erased',
  /** An installment (or a PIX/boleto payment's one receivable) was paid out to the merchant, as the gateway reports. */
  'receivable.paid',
] as const;
export type MerchantEventType = (typeof MERCHANT_EVENT_TYPES)[number];

/** A payment as the merchant sees it, in events and in `GET /api/v1/payments/{id}`. */
export const merchantPaymentSchema = z.object({
  id: z.string(),
  object: z.literal('payment'),
  session_id: z.string(),
  /** The payment link whose visit opened the session, if any. */
  payment_link_id: z.optional(z.string()),
  reference: z.string(),
  transaction_id: z.nullable(z.int()),
  payment_method: z.string(),
  /**
   * The gateway's status, or ours: before it answered (`sending`, `unknown`, `rejected`, `failed`…), or
   * `withdrawn` for a PIX code the shopper gave up for a card.
   */
  status: z.string(),
  amount: z.int(),
  authorized_amount: z.nullable(z.int()),
  captured_amount: z.int(),
  refunded_amount: z.int(),
  /**
   * Set when the checkout refunded it by itself: `duplicate_payment` — the session was already paid by
   * another payment (a PIX code the shopper gave up for a card, paid anyway), or its payment link's
   * `max_payments` were paid by other sessions first (a PIX code paid after its hold).
   */
  refund_reason: z.optional(z.enum(['duplicate_payment'])),
  capture: z.enum(['automatic', 'manual']),
  /**
   * Boleto payments only: the due date, and `paid_late` when the bank accepted it after that date (said
   * so, not hidden: the merchant decides whether to ship).
   */
  boleto: z.optional(
    z.object({ due_date: z.nullable(z.string()), paid_late: z.boolean(), paid_at: z.nullable(z.string()) }),
  ),
  capture_deadline_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;

export const merchantEventSchema = z.object({
  id: z.string().check(z.regex(/^evt_[A-Za-z0-9_-]{22}$/)),
  type: z.enum(MERCHANT_EVENT_TYPES),
  /** Unix seconds when the state change was recorded (not when this delivery was sent). */
  created: z.int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type MerchantEvent = z.infer<typeof merchantEventSchema>;

export const SIGNATURE_HEADER = 'Checkout-Signature';
/** How old a signature may be when it is checked: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
