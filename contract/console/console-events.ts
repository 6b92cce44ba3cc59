import * as z from 'zod/mini';

/**
 * The console's event delivery log (docs/merchants/console.md, "Events"): one row per event and endpoint —
 * the environment's (MERCHANT_WEBHOOK_URL, id `we_environment`) and each webhook endpoint's.
 */
export const CONSOLE_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type ConsoleDeliveryStatus = (typeof CONSOLE_DELIVERY_STATUSES)[number];

/**
 * `retrying` is a pending delivery whose last try failed (it will be tried again on its back-off);
 * `failed` is one given up on after three days — what "Resend all failed" sends again.
 */
export const CONSOLE_DELIVERY_FILTERS = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type ConsoleDeliveryFilter = (typeof CONSOLE_DELIVERY_FILTERS)[number];

export const consoleDeliveryQuerySchema = z.strictObject({
  status: z.optional(z.enum(CONSOLE_DELIVERY_FILTERS)),
  cursor: z.optional(z.string().check(z.maxLength(300))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
});

export const consoleDeliveryRowSchema = z.object({
  event_id: z.string(),
  type: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.nullable(z.string()),
  status: z.enum(CONSOLE_DELIVERY_STATUSES),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  payment_id: z.nullable(z.string()),
  /** The order reference of the session the event is about, when it is about one. */
  reference: z.nullable(z.string()),
  created_at: z.string(),
});
export type ConsoleDeliveryRow = z.infer<typeof consoleDeliveryRowSchema>;

export const consoleDeliveryListSchema = z.object({
  data: z.array(consoleDeliveryRowSchema),
  next_cursor: z.nullable(z.string()),
});
export type ConsoleDeliveryList = z.infer<typeof consoleDeliveryListSchema>;

/** The endpoints' settings, read only here (the Developers page manages them). */
export const consoleEndpointSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  secret_hint: z.string(),
  /** The environment's MERCHANT_WEBHOOK_URL: changed in the server's settings only. */
  implicit: z.boolean(),
});
export const consoleEndpointListSchema = z.object({ data: z.array(consoleEndpointSummarySchema) });
export type ConsoleEndpointSummary = z.infer<typeof consoleEndpointSummarySchema>;

export const consoleResendRequestSchema = z.strictObject({ endpoint_id: z.string().check(z.maxLength(64)) });

export const consoleResendResultSchema = z.object({ requeued: z.number() });
export type ConsoleResendResult = z.infer<typeof consoleResendResultSchema>;

export const consoleTestEventRequestSchema = z.strictObject({
  endpoint_id: z.string().check(z.maxLength(64)),
});

export const consoleTestEventResultSchema = z.object({
  endpoint_id: z.string(),
  event_id: z.string(),
  ok: z.boolean(),
  status_code: z.nullable(z.number()),
  duration_ms: z.number(),
  error: z.nullable(z.string()),
});
export type ConsoleTestEventResult = z.infer<typeof consoleTestEventResultSchema>;
