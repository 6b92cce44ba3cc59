import * as z from 'zod/mini';
import { savedCardSchema } from '../saved-cards.ts';

/**
 * The console's Customers and Developers pages (docs/merchants/console.md): what the console's routes answer
 * (server/routes/console-customers.ts, console-developers.ts) and the browser reads. The merchant API's own
 * shapes (contract/customers.ts, webhook-endpoints.ts, api-keys.ts) stay the source of the rules.
 */

/** A button the server allows or refuses, and why (the browser says the reason, never decides). */
export const consoleCustomerActionSchema = z.object({
  allowed: z.boolean(),
  reason: z.nullable(z.enum(['role', 'erased'])),
});

export const consoleCustomerSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** CPF/CNPJ masked (`***.456.789-**`): the whole number stays searchable, never shown. */
  document: z.nullable(z.string()),
  sessions: z.number(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  erased: z.boolean(),
});
export type ConsoleCustomer = z.infer<typeof consoleCustomerSchema>;

/** `q`: an e-mail, a CPF/CNPJ (punctuation ignored) or the shop's own customer id. */
export const consoleCustomerQuerySchema = z.strictObject({
  q: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

export const consoleCustomerListSchema = z.object({
  data: z.array(consoleCustomerSchema),
  next_cursor: z.nullable(z.string()),
});
export type ConsoleCustomerList = z.infer<typeof consoleCustomerListSchema>;

export const consoleCustomerPaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  payment_method: z.string(),
  status: z.string(),
  amount: z.number(),
  /** With the status, what the page shows: "partly refunded" once money went back (shownPaymentStatus). */
  captured_amount: z.number(),
  refunded_amount: z.number(),
  created_at: z.string(),
});

/** One customer's page: who, their newest payments, their saved cards and what the user may do. */
export const consoleCustomerDetailSchema = z.object({
  customer: consoleCustomerSchema,
  payments: z.array(consoleCustomerPaymentSchema),
  /** More payments than shown: the Payments page finds them all by the e-mail. */
  more_payments: z.boolean(),
  cards: z.array(savedCardSchema),
  remove_card: consoleCustomerActionSchema,
  erase: consoleCustomerActionSchema,
});
export type ConsoleCustomerDetail = z.infer<typeof consoleCustomerDetailSchema>;

/** Erasure is confirmed by typing the customer's e-mail (or their id when none is left): the server checks it. */
export const consoleEraseRequestSchema = z.strictObject({
  confirmation: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
});

export const consoleErasureSchema = z.object({
  id: z.string(),
  already_erased: z.boolean(),
  sessions_anonymised: z.number(),
  payments_anonymised: z.number(),
  saved_cards_removed: z.number(),
});
export type ConsoleErasure = z.infer<typeof consoleErasureSchema>;

export const consoleWebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  secret_hint: z.string(),
  previous_secret_expires_at: z.nullable(z.string()),
  created_at: z.string(),
  /**
   * In the list: the extra API key that created it (decision 288); null when made in the console or with
   * CHECKOUT_SECRET_KEY. The answers to create, change and roll leave it out.
   */
  created_with_key: z.optional(
    z.nullable(
      z.object({ id: z.string(), name: z.string(), prefix: z.string(), revoked_at: z.nullable(z.string()) }),
    ),
  ),
  /** The environment's MERCHANT_WEBHOOK_URL: shown, changed only in the server's settings. */
  implicit: z.optional(z.boolean()),
});
export type ConsoleWebhookEndpoint = z.infer<typeof consoleWebhookEndpointSchema>;

/** Only in the answer to create and roll: the whole secret, once. */
export const consoleWebhookEndpointWithSecretSchema = z.extend(consoleWebhookEndpointSchema, {
  secret: z.string(),
});

export const consoleWebhookEndpointListSchema = z.object({
  data: z.array(consoleWebhookEndpointSchema),
  /** Only owners change developers' settings. */
  can_manage: z.boolean(),
  /** Every event type an endpoint may subscribe to. */
  event_types: z.array(z.string()),
});
export type ConsoleWebhookEndpointList = z.infer<typeof consoleWebhookEndpointListSchema>;

const consoleApiKeyFields = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});

export const consoleApiKeySchema = z.extend(consoleApiKeyFields, {
  /**
   * The webhook endpoints made with this key: revoking it leaves them as they are unless the owner asks to
   * disable them too (decision 288).
   */
  webhook_endpoints: z.array(z.object({ id: z.string(), url: z.string(), enabled: z.boolean() })),
});
export type ConsoleApiKey = z.infer<typeof consoleApiKeySchema>;

/** Only in the answer to create: the whole key, once. */
export const consoleApiKeyWithSecretSchema = z.extend(consoleApiKeyFields, { key: z.string() });

export const consoleApiKeyListSchema = z.object({
  data: z.array(consoleApiKeySchema),
  can_manage: z.boolean(),
});
export type ConsoleApiKeyList = z.infer<typeof consoleApiKeyListSchema>;

/** The console's installment schedule of a payment (absent: the section is hidden). */
export const consoleInstallmentScheduleSchema = z.object({
  available: z.boolean(),
  installments: z.array(
    z.object({
      number: z.number(),
      amount: z.number(),
      net_amount: z.optional(z.nullable(z.number())),
      due_date: z.optional(z.nullable(z.string())),
      status: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type ConsoleInstallmentSchedule = z.infer<typeof consoleInstallmentScheduleSchema>;
