import * as z from 'zod/mini';
import {
  createPaymentLinkRequestSchema,
  PAYMENT_LINK_STATUSES,
  patchPaymentLinkRequestSchema,
  paymentLinkSchema,
} from '../payment-links/payment-link.ts';

/**
 * The console's payment links (docs/merchants/console.md, "Links"): the merchant API's link
 * (contract/payment-links/payment-link.ts) as it is, without its QR code in the list (a poster per row
 * would weigh more than the page); one link's answer carries it, for the print view.
 */
export const consoleLinkSchema = z.omit(paymentLinkSchema, { qr_code: true });
export type ConsoleLink = z.infer<typeof consoleLinkSchema>;

export const consoleLinkListSchema = z.object({
  data: z.array(consoleLinkSchema),
  next_cursor: z.nullable(z.string()),
});
export type ConsoleLinkList = z.infer<typeof consoleLinkListSchema>;

export const consoleLinkQuerySchema = z.strictObject({
  status: z.optional(z.enum(PAYMENT_LINK_STATUSES)),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
});

/** A link with its QR code (an SVG document), for the print view. */
export const consoleLinkDetailSchema = paymentLinkSchema;
export type ConsoleLinkDetail = z.infer<typeof consoleLinkDetailSchema>;

/** Create: the merchant API's body, and one idempotency key per opened form (a double click is one link). */
export const consoleCreateLinkRequestSchema = z.strictObject({
  idempotency_key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  link: createPaymentLinkRequestSchema,
});
export type ConsoleCreateLinkRequest = z.infer<typeof consoleCreateLinkRequestSchema>;

/** Edit: the merchant API's PATCH body as it is (the price only while the link has no payment). */
export const consolePatchLinkRequestSchema = patchPaymentLinkRequestSchema;

/** What the link form needs from the server: whether this server offers boleto (BOLETO_ENABLED). */
export const consoleLinkFormOptionsSchema = z.object({ boleto_enabled: z.boolean() });
export type ConsoleLinkFormOptions = z.infer<typeof consoleLinkFormOptionsSchema>;
