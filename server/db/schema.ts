import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CAPTURE_MODES,
  FEES_PAID_BY,
  LOCALES,
  PAYMENT_METHODS,
  SESSION_STATUSES,
  SessionCustomer,
  SessionItem,
  THREE_DS_POLICIES,
} from '../../contract/checkout-session.ts';

/**
 * The server's whole state (DESIGN.md: "Session state — only in the database"). Timestamps are written by
 * the app from its injected clock, so tests can move time; the database defaults are only a fallback.
 * A later issue adds webhook and outbox tables next to these; nothing here needs to change for them.
 */
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** `cs_` + 128 random bits in base64url: the shopper's capability (docs/decisions.md). */
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    items: jsonb('items').$type<SessionItem[]>().notNull(),
    /** Null: the order has no delivery (PIX then sends no `shipping`); 0 is free delivery. */
    shippingFee: integer('shipping_fee'),
    /** Computed from items + shipping fee at creation; never taken from a request. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BRL'),
    descriptor: text('descriptor'),
    methods: jsonb('methods').$type<PaymentMethod[]>().notNull(),
    maxInstallments: integer('max_installments').notNull(),
    threeDS: text('three_ds').$type<(typeof THREE_DS_POLICIES)[number]>().notNull(),
    feesPaidBy: text('fees_paid_by').$type<(typeof FEES_PAID_BY)[number]>().notNull(),
    capture: text('capture').$type<(typeof CAPTURE_MODES)[number]>().notNull(),
    customer: jsonb('customer').$type<SessionCustomer>(),
    locale: text('locale').$type<(typeof LOCALES)[number]>(),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    /** As stored; `expires_at` in the past reads as `expired` (lazy expiry, no job needed). */
    status: text('status').$type<(typeof SESSION_STATUSES)[number]>().notNull(),
    expiresAt: stamp('expires_at').notNull(),
    /** Same key + same body hash → the same session; same key + other body → 409. */
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('checkout_sessions_amount_positive', sql`${table.amount} > 0`),
    check('checkout_sessions_status', sql`${table.status} in ('open', 'complete', 'expired')`),
  ],
);
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type NewCheckoutSessionRow = typeof checkoutSessions.$inferInsert;

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    /** `pa_` + 128 random bits; ours, never sent to the gateway (it takes no reference of ours). */
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    amount: integer('amount').notNull(),
    installments: integer('installments').notNull(),
    /**
     * Ours — `sending`, `unknown`, `rejected`, `failed_unknown` (docs/decisions.md: attempt statuses) —
     * or the gateway's own status string once it has answered with a transaction.
     */
    status: text('status').notNull(),
    /** The gateway's id; unique, so one transaction is never claimed by two attempts. */
    transactionId: bigint('transaction_id', { mode: 'number' }).unique(),
    /** The gateway's transaction, sanitised: no card number, CVV or expiry can be stored. */
    gatewayResponse: jsonb('gateway_response').$type<Record<string, unknown>>(),
    /** The gateway's 400 errors (messages redacted), for the merchant. */
    gatewayErrors:
      jsonb('gateway_errors').$type<{ message: string; parameter_name: string | null; type: string }[]>(),
    /** What an unknown outcome is matched by (docs/decisions.md): last four digits, or the PIX payer's document. */
    cardLast4: text('card_last4'),
    customerDocument: text('customer_document'),
    /** Last time the gateway was asked about this attempt (throttles refreshes from page reloads). */
    checkedAt: stamp('checked_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payment_attempts_session_created').on(table.sessionId, table.createdAt),
    index('payment_attempts_status').on(table.status),
    /**
     * At most one attempt per session that may still charge without an answer (`sending`, `unknown`):
     * the database, not a read before the insert, stops two tabs from both paying.
     */
    uniqueIndex('payment_attempts_one_open_per_session')
      .on(table.sessionId)
      .where(sql`${table.status} in ('sending', 'unknown')`),
  ],
);
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** Fixed-window counters shared by every instance: `INSERT … ON CONFLICT DO UPDATE … RETURNING count`. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: stamp('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_hits_window').on(table.windowStart),
  ],
);
