import * as z from 'zod/mini';
import { returnUrlSchema } from './checkout-session.ts';
import { MERCHANT_EVENT_TYPES } from './merchant-events.ts';

/**
 * The merchant's webhook endpoints (docs/merchants/webhook-endpoints.md): several URLs, each with the event
 * types it receives, enabled or not, with its own signing secret (shown once, on create and on roll).
 */

/** `*` subscribes to every type, present and future. */
export const endpointEventTypeSchema = z.union([z.literal('*'), z.enum(MERCHANT_EVENT_TYPES)]);

const eventTypesSchema = z
  .array(endpointEventTypeSchema)
  .check(z.minLength(1, 'subscribe to at least one event type, or "*"'), z.maxLength(50));

const descriptionSchema = z.nullable(z.string().check(z.trim(), z.maxLength(200)));

/**
 * https (http only on localhost), no user info, at most 2 000 characters. The server also refuses a host that
 * is, or resolves to, an address that is not public (server/egress/).
 */
export const endpointUrlSchema = returnUrlSchema.check(z.maxLength(2000));

export const createWebhookEndpointSchema = z.strictObject({
  url: endpointUrlSchema,
  event_types: eventTypesSchema,
  description: z.optional(descriptionSchema),
  enabled: z.optional(z.boolean()),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .strictObject({
    url: z.optional(endpointUrlSchema),
    event_types: z.optional(eventTypesSchema),
    description: z.optional(descriptionSchema),
    enabled: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (value) => Object.keys(value).length > 0,
      'give at least one of url, event_types, description, enabled',
    ),
  );
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

/** Roll: a new secret now; the old one keeps signing beside it for `overlap_seconds` (default 24 h, at most 7 days). */
export const rollWebhookSecretSchema = z.strictObject({
  overlap_seconds: z.optional(z.int().check(z.gte(0), z.lte(7 * 24 * 3600))),
});
export const DEFAULT_ROLL_OVERLAP_SECONDS = 24 * 3600;

export interface WebhookEndpointView {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  /** The first characters of the secret (`whsec_AbCd…`), to tell which one the merchant holds. */
  secret_hint: string;
  /** While a roll's overlap lasts: until when the previous secret still signs. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The extra API key (`key_…`) that created it; null when made with CHECKOUT_SECRET_KEY or in the console.
   * Revoking that key leaves the endpoint as it is unless asked to disable it (decision 288).
   */
  created_with_api_key: string | null;
  /** The environment's MERCHANT_WEBHOOK_URL (read only: changed in the server's settings). */
  implicit?: true;
}

/** Only on create and roll: the whole secret, never shown again. */
export type WebhookEndpointWithSecret = WebhookEndpointView & { secret: string };

/**
 * A failed delivery's `error`, in the delivery log and a test event's answer, is one of three texts: the
 * endpoint's status (`HTTP 503`), `address not allowed` (the URL's host is, or resolves to, an address that is
 * not public: nothing was sent), or `no answer` (no HTTP answer: the name did not resolve, the connection or
 * TLS failed, or it timed out). Never the socket's own error (docs/decisions/280-webhook-egress-policy.md).
 */
export const DELIVERY_ADDRESS_NOT_ALLOWED = 'address not allowed';
export const DELIVERY_NO_ANSWER = 'no answer';
export function deliveryHttpError(status: number): string {
  return `HTTP ${status}`;
}

/** Said to a save (400) or a test event (409) whose URL does not lead to a public address. */
export const URL_NOT_PUBLIC = 'url_not_public';

export interface TestDeliveryResult {
  object: 'webhook_test';
  endpoint_id: string;
  event_id: string;
  /** Delivered: the endpoint answered 2xx. */
  ok: boolean;
  /** The endpoint's HTTP status; null when it gave none. */
  status_code: number | null;
  duration_ms: number;
  /** null when delivered; else `HTTP <status>` or `no answer`. */
  error: string | null;
}
