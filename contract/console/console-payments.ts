import * as z from 'zod/mini';

const dateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/));
const cents = z.string().check(z.regex(/^\d{1,12}$/));

/** The console's payment filters, as query parameters (all optional; `q` is the one search box). */
export const consolePaymentQuerySchema = z.strictObject({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: z.optional(z.string().check(z.regex(/^[a-z_]{1,40}$/))),
  method: z.optional(z.enum(['credit_card', 'pix', 'boleto'])),
  /** The payments of one payment link (its sessions'): the console's link page. */
  link: z.optional(z.string().check(z.regex(/^plink_[A-Za-z0-9_-]{22}$/))),
  /** Inclusive days or instants (ISO). A bare date `to` means the whole day. */
  from: z.optional(dateText),
  to: z.optional(dateText),
  /** Cents. */
  amount_min: z.optional(cents),
  amount_max: z.optional(cents),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
});
export type ConsolePaymentQuery = z.infer<typeof consolePaymentQuerySchema>;

export const consolePaymentSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  reference: z.string(),
  transaction_id: z.nullable(z.number()),
  ref_id: z.nullable(z.string()),
  payment_method: z.string(),
  status: z.string(),
  amount: z.number(),
  authorized_amount: z.nullable(z.number()),
  captured_amount: z.number(),
  refunded_amount: z.number(),
  capture: z.string(),
  card_brand: z.nullable(z.string()),
  card_last4: z.nullable(z.string()),
  payer_name: z.nullable(z.string()),
  payer_email: z.nullable(z.string()),
  /** CPF/CNPJ masked: only the last digits show. */
  payer_document: z.nullable(z.string()),
  payment_link_id: z.nullable(z.string()),
  /** The title of the link the payment came from, as the merchant wrote it; null: not from a link. */
  payment_link_title: z.nullable(z.string()),
  /** What was sold: each item's title and quantity, as the session holds them. */
  items: z.array(z.object({ title: z.string(), quantity: z.number() })),
  capture_deadline_at: z.nullable(z.string()),
  /** A boleto's due date (YYYY-MM-DD) and whether it was paid after it; null for other methods. */
  boleto: z.nullable(z.object({ due_date: z.nullable(z.string()), paid_late: z.boolean() })),
  created_at: z.string(),
});
export type ConsolePayment = z.infer<typeof consolePaymentSchema>;

export const consolePaymentTotalsSchema = z.object({
  count: z.number(),
  amount: z.number(),
  captured_amount: z.number(),
  refunded_amount: z.number(),
});
export type ConsolePaymentTotals = z.infer<typeof consolePaymentTotalsSchema>;

export const consolePaymentListSchema = z.object({
  data: z.array(consolePaymentSchema),
  next_cursor: z.nullable(z.string()),
  totals: consolePaymentTotalsSchema,
});
export type ConsolePaymentList = z.infer<typeof consolePaymentListSchema>;

export const consoleTimelineEntrySchema = z.object({
  at: z.string(),
  source: z.string(),
  from: z.nullable(z.string()),
  to: z.string(),
  /** `ours`: our history row; `gateway`: the gateway's history of the transaction. */
  origin: z.enum(['ours', 'gateway']),
});

export const consoleDeliverySchema = z.object({
  attempted_at: z.string(),
  ok: z.boolean(),
  status_code: z.nullable(z.number()),
  duration_ms: z.number(),
  error: z.nullable(z.string()),
});

export const consoleEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  attempts: z.number(),
  created_at: z.string(),
  deliveries: z.array(consoleDeliverySchema),
  /**
   * Whether the server's own endpoint (MERCHANT_WEBHOOK_URL) receives it: `status` and `attempts` are that
   * endpoint's. Without it, and with no `endpoints`, nobody receives the event ("no endpoint"): an event
   * written before any endpoint existed is not waiting for anything.
   */
  environment: z.boolean(),
  /** Its delivery to each webhook endpoint (Developers → Webhooks). */
  endpoints: z.array(z.object({ url: z.string(), status: z.string(), attempts: z.number() })),
});

export const consoleOperationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
});

/** What may be done now, and why not when not (the buttons say it). */
export const consoleActionSchema = z.object({
  allowed: z.boolean(),
  /** The most that may be captured or refunded now, in cents. */
  max_amount: z.number(),
  reason: z.nullable(
    z.enum(['not_capturable', 'not_refundable', 'nothing_left', 'operation_open', 'role', 'no_transaction']),
  ),
});

export const consolePaymentDetailSchema = z.object({
  payment: consolePaymentSchema,
  installments: z.number(),
  gateway_status: z.nullable(z.string()),
  pix: z.nullable(z.object({ expires_at: z.nullable(z.string()) })),
  /** A boleto's facts: its 47-digit line (when the gateway's checks hold) and when the money came. */
  boleto: z.nullable(
    z.object({
      due_date: z.nullable(z.string()),
      digitable_line: z.nullable(z.string()),
      paid_late: z.boolean(),
      paid_at: z.nullable(z.string()),
    }),
  ),
  session: z.object({
    id: z.string(),
    reference: z.string(),
    amount: z.number(),
    status: z.string(),
    payment_link_id: z.nullable(z.string()),
  }),
  timeline: z.array(consoleTimelineEntrySchema),
  /** False: the gateway's history could not be read now (ours is still shown). */
  gateway_history_read: z.boolean(),
  operations: z.array(consoleOperationSchema),
  events: z.array(consoleEventSchema),
  capture: consoleActionSchema,
  refund: consoleActionSchema,
});
export type ConsolePaymentDetail = z.infer<typeof consolePaymentDetailSchema>;

export const consoleOperationRequestSchema = z.strictObject({
  /** Cents; absent: all that is left. */
  amount: z.optional(z.int().check(z.positive(), z.lte(100_000_000_00))),
  /** The browser makes one per confirmation dialog: a double click or a retry is the same operation. */
  idempotency_key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
});
export type ConsoleOperationRequest = z.infer<typeof consoleOperationRequestSchema>;

/**
 * One period of the Home page (decision 342): approved payments, gross (captured), refunds and net (gross minus
 * refunds), by the day each payment was made — the same rule as the links list's net and a link's figures.
 */
const periodSchema = z.object({
  count: z.number(),
  gross: z.number(),
  refunds: z.number(),
  net: z.number(),
  by_method: z.record(z.string(), z.object({ count: z.number(), gross: z.number() })),
  approval_rate: z.nullable(z.number()),
});

/** The Home page: gross, refunds, net and count by method, today and over 30 days, and a daily gross series. */
export const consoleSummarySchema = z.object({
  today: periodSchema,
  last_30_days: periodSchema,
  daily: z.array(z.object({ day: z.string(), gross: z.number(), count: z.number() })),
});
export type ConsoleSummaryView = z.infer<typeof consoleSummarySchema>;
