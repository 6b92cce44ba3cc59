import * as z from 'zod/mini';

/**
 * What the shopper's browser may post to `/api/pay/{id}/v1/transactions` besides the gateway request (as
 * `save_card`): the e-mail the shopper gave for the receipt on the plain card form, which asks no customer
 * (issue 42). The server takes it out before forwarding — the gateway never sees it — and keeps it as the
 * payment's payer e-mail, where the receipt goes (docs/merchants/receipts-and-notices.md). One plain
 * address: no display name, no line break, at most 254 characters (RFC 5321's path limit).
 */
export const RECEIPT_EMAIL_FIELD = 'receipt_email';

export const receiptEmailSchema = z.email().check(z.maxLength(254));
