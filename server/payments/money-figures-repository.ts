import { sql } from 'drizzle-orm';
import { paymentAttempts } from '../db/schema.ts';

/*
 * The console's money figures, one rule for every screen that sums payments (docs/decisions/342-gross-and-net-one-rule.md):
 * the home page's periods and days, a link's figures and the links list's "net", the payments list's totals.
 * Gross is the money captured; refunds what went back; net is gross minus refunds (fees are not known for
 * every payment: they show in Receivables). Aggregates over `payment_attempts` in the query they are put in.
 */

/** Cents captured: an authorisation not captured yet is no money yet. */
export const GROSS_CENTS = sql<string>`coalesce(sum(${paymentAttempts.capturedAmount}), 0)`;
/** Cents refunded. */
export const REFUND_CENTS = sql<string>`coalesce(sum(${paymentAttempts.refundedAmount}), 0)`;
/** Gross minus refunds. */
export const NET_CENTS = sql<string>`coalesce(sum(${paymentAttempts.capturedAmount} - ${paymentAttempts.refundedAmount}), 0)`;
