import type { SessionShop } from '../../contract/shop-identity.ts';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
  SESSION_MODES,
  SESSION_STATUSES,
  SessionCollect,
  SessionCustomer,
  SessionItem,
} from '../../contract/checkout-session.ts';
import type { BoletoOptions } from '../../contract/boleto/boleto-options.ts';
import type { FeesPaidBy, LOCALES, PAYMENT_METHODS, THREE_DS_POLICIES } from '../../contract/order-values.ts';
import {
  DELIVERY_STATUSES,
  QUEUED_DELIVERY_STATUSES,
  type DeliveryStatus,
} from '../events/delivery-machine.ts';
import { MAIL_STATUSES, QUEUED_MAIL_STATUSES, type MailStatus } from '../mail/mail-machine.ts';
import {
  OPERATION_STATUSES,
  type OperationKind,
  type OperationStatus,
} from '../payments/operation-machine.ts';
import {
  ATTEMPT_STATUSES,
  PAYABLE_STATUSES,
  SESSION_STATUS_LIST,
  type AttemptStatus,
} from '../payments/state-machine.ts';
import { RECEIVABLE_STATUSES, type ReceivableStatus } from '../receivables/receivable-machine.ts';
import { sqlStatusList } from './status-sql.ts';

/**
 * The server's whole state (no session state in memory: docs/architecture/overview.md). Timestamps are
 * written by the app from its injected clock, so tests can move time; the database defaults are only a
 * fallback. The payment lifecycle (capture, refunds, reconciliation, events to the merchant) adds its columns
 * to payment_attempts and its own tables below (docs/decisions/063-payment-lifecycle-on-the-attempt.md).
 */
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /**
     * `cs_` + 128 random bits in base64url: the shopper's capability
     * (docs/decisions/039-session-ids-are-capabilities.md).
     */
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    /** `payment`, or `setup`: only saves a card (no items, amount 0). */
    mode: text('mode').$type<(typeof SESSION_MODES)[number]>().notNull().default('payment'),
    items: jsonb('items').$type<SessionItem[]>().notNull(),
    /** Null: the order has no delivery (PIX then sends no `shipping`); 0 is free delivery. */
    shippingFee: integer('shipping_fee'),
    /** Computed from items + shipping fee at creation; never taken from a request. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BRL'),
    descriptor: text('descriptor'),
    methods: jsonb('methods').$type<PaymentMethod[]>().notNull(),
    /** The merchant's boleto options (due date in business days, instructions); null: the defaults. */
    boleto: jsonb('boleto').$type<BoletoOptions>(),
    maxInstallments: integer('max_installments').notNull(),
    threeDS: text('three_ds').$type<(typeof THREE_DS_POLICIES)[number]>().notNull(),
    feesPaidBy: text('fees_paid_by').$type<FeesPaidBy>().notNull(),
    capture: text('capture').$type<(typeof CAPTURE_MODES)[number]>().notNull(),
    customer: jsonb('customer').$type<SessionCustomer>(),
    /** What the forms ask beyond each payment's needs, as the merchant wrote it; null: the defaults (collectOf). */
    collect: jsonb('collect').$type<SessionCollect>(),
    /** Show the customer's saved cards and offer to save one (needs `customer.external_id`). */
    saveCards: boolean('save_cards').notNull().default(false),
    locale: text('locale').$type<(typeof LOCALES)[number]>(),
    /** The session's own shop name, colour or support contact (contract/shop-identity.ts); null: the server's. */
    shop: jsonb('shop').$type<SessionShop>(),
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
    /** The payment link this session was opened from (each visit of a link opens its own session). */
    paymentLinkId: text('payment_link_id'),
    /**
     * The attempt whose money completed the session, set in the statement that completes it: any other
     * attempt of the session that is paid later (a withdrawn PIX code paid anyway) is refunded.
     */
    paidAttemptId: text('paid_attempt_id'),
    /** `false`: the shopper gets no e-mail receipt (the merchant sends its own; docs/merchants/receipts-and-notices.md). */
    receipts: boolean('receipts').notNull().default(true),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('checkout_sessions_customer_external_id')
      .on(sql`(${table.customer}->>'external_id')`, table.createdAt)
      .where(sql`${table.customer}->>'external_id' is not null`),
    index('checkout_sessions_customer_email')
      .on(sql`lower(${table.customer}->>'email')`)
      .where(sql`${table.customer}->>'email' is not null`),
    index('checkout_sessions_customer_document')
      .on(sql`(${table.customer}->'document'->>'number')`)
      .where(sql`${table.customer}->'document'->>'number' is not null`),
    index('checkout_sessions_reference').on(table.reference),
    index('checkout_sessions_reference_prefix').on(table.reference.op('text_pattern_ops')),
    index('checkout_sessions_payment_link')
      .on(table.paymentLinkId)
      .where(sql`${table.paymentLinkId} is not null`),
    check(
      'checkout_sessions_amount_positive',
      sql`${table.amount} > 0 or (${table.mode} = 'setup' and ${table.amount} = 0)`,
    ),
    check('checkout_sessions_mode', sql`${table.mode} in ('payment', 'setup')`),
    check(
      'checkout_sessions_status',
      sql`${table.status} in (${sql.raw(sqlStatusList(SESSION_STATUS_LIST))})`,
    ),
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
     * One of the state machine's statuses (server/payments/state-machine.ts; a CHECK constraint holds it
     * to them): ours before the gateway answers, then the gateway's as we understand it.
     */
    status: text('status').$type<AttemptStatus>().notNull(),
    /** The gateway's status exactly as it said it (null before it answers); an unknown one reads as `processing`. */
    gatewayStatus: text('gateway_status'),
    /** The gateway's id; unique, so one transaction is never claimed by two attempts. */
    transactionId: bigint('transaction_id', { mode: 'number' }).unique(),
    /** The gateway's transaction, sanitised: no card number, CVV or expiry can be stored. */
    gatewayResponse: jsonb('gateway_response').$type<Record<string, unknown>>(),
    /** The gateway's 400 errors (messages redacted), for the merchant. */
    gatewayErrors:
      jsonb('gateway_errors').$type<{ message: string; parameter_name: string | null; type: string }[]>(),
    /**
     * What an unknown outcome is matched by (docs/decisions/043-unknown-outcomes-matched-not-retried.md):
     * last four digits, or the PIX payer's document.
     */
    cardLast4: text('card_last4'),
    customerDocument: text('customer_document'),
    /**
     * What support looks a payment up by (the console, docs/merchants/console.md), filled from the gateway's
     * transaction when it is recorded: the card's brand (never its number, CVV or expiry), who paid, and the
     * gateway's `ref_id` — the "Referência" the shopper sees.
     */
    cardBrand: text('card_brand'),
    payerName: text('payer_name'),
    payerEmail: text('payer_email'),
    gatewayRefId: text('gateway_ref_id'),
    /**
     * The shopper ticked "Save this card for next time": the card the gateway returns is kept for the
     * session's customer when this attempt is paid or authorised (in the transaction that records it).
     */
    saveCard: boolean('save_card').notNull().default(false),
    /** The saved card (gateway `card_id`) this attempt was paid with, if any. */
    savedCardId: bigint('saved_card_id', { mode: 'number' }),
    /** Why we refunded it ourselves (`duplicate_payment`); carried by its `payment.refunded` event. */
    refundReason: text('refund_reason'),
    /** Last time the gateway was asked about this attempt (throttles refreshes from page reloads). */
    checkedAt: stamp('checked_at'),
    /** What the gateway says it holds (from its transaction: `amount` when authorised, `paid_amount`, `refunded_amount`). */
    authorizedAmount: integer('authorized_amount'),
    capturedAmount: integer('captured_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** When we first saw `authorized`; the issuer drops an uncaptured authorisation about 5 days later. */
    authorizedAt: stamp('authorized_at'),
    captureDeadlineAt: stamp('capture_deadline_at'),
    /** Set when `payment.capture_deadline_approaching` was written (once). */
    captureWarnedAt: stamp('capture_warned_at'),
    /**
     * When the money was taken, by the gateway's clock (its `updated_at` on the first read that says
     * paid): a boleto paid after its due date is reported as such (`paid_late`), whenever we learn it.
     */
    paidAt: stamp('paid_at'),
    /** Reconciliation: when to ask the gateway again (null: final, nothing to follow). */
    nextCheckAt: stamp('next_check_at'),
    /** Reconciliation lease: an instance holds the row until then (FOR UPDATE SKIP LOCKED claims it). */
    checkLockedUntil: stamp('check_locked_until'),
    checkCount: integer('check_count').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payment_attempts_session_created').on(table.sessionId, table.createdAt),
    index('payment_attempts_status').on(table.status),
    /**
     * At most one attempt per session that may still take money (PAYABLE_STATUSES in state-machine.ts):
     * the database, not a read before the insert, stops two tabs from both paying.
     */
    uniqueIndex('payment_attempts_one_open_per_session')
      .on(table.sessionId)
      .where(sql`${table.status} in (${sql.raw(sqlStatusList(PAYABLE_STATUSES))})`),
    index('payment_attempts_next_check')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    index('payment_attempts_created').on(table.createdAt, table.id),
    index('payment_attempts_gateway_ref_id')
      .on(table.gatewayRefId)
      .where(sql`${table.gatewayRefId} is not null`),
    index('payment_attempts_payer_email')
      .on(sql`lower(${table.payerEmail})`)
      .where(sql`${table.payerEmail} is not null`),
    index('payment_attempts_payer_email_prefix')
      .on(sql`lower(${table.payerEmail}) text_pattern_ops`)
      .where(sql`${table.payerEmail} is not null`),
    index('payment_attempts_payer_name_prefix')
      .on(sql`lower(${table.payerName}) text_pattern_ops`)
      .where(sql`${table.payerName} is not null`),
    check('payment_attempts_card_brand', sql`length(${table.cardBrand}) <= 40`),
    check('payment_attempts_status', sql`${table.status} in (${sql.raw(sqlStatusList(ATTEMPT_STATUSES))})`),
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

/** Captures and refunds we asked the gateway for: the intent is written before the POST is sent. */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    /** `op_` + 128 random bits. */
    id: text('id').primaryKey(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    kind: text('kind').$type<OperationKind>().notNull(),
    amount: integer('amount').notNull(),
    /** One of the operation machine's statuses (payments/operation-machine.ts; a CHECK constraint holds it). */
    status: text('status').$type<OperationStatus>().notNull(),
    /** The merchant's Idempotency-Key, or `automatic` for our own capture: one per payment and kind. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The gateway's 400 messages, or why it failed. */
    error: text('error'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_operations_key').on(table.attemptId, table.kind, table.idempotencyKey),
    check('payment_operations_amount_positive', sql`${table.amount} > 0`),
    check(
      'payment_operations_status',
      sql`${table.status} in (${sql.raw(sqlStatusList(OPERATION_STATUSES))})`,
    ),
  ],
);
export type PaymentOperationRow = typeof paymentOperations.$inferSelect;

/** Every status change we recorded, with who saw it (the merchant's "history" of a payment). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** payment, shopper, webhook, reconciliation, merchant, capture, refund. */
    source: text('source').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_events_attempt').on(table.attemptId, table.id)],
);

/**
 * Events to the merchant, written in the same database transaction as the state change they report;
 * delivered at least once by the delivery worker (claimed with FOR UPDATE SKIP LOCKED and a lease).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    /** `evt_` + 128 random bits: the merchant's de-duplication key. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    sessionId: text('session_id'),
    attemptId: text('attempt_id'),
    /** The whole body that is signed and sent. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** One of the delivery machine's statuses (events/delivery-machine.ts; a CHECK constraint holds it). */
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull(),
    lockedUntil: stamp('locked_until'),
    deliveredAt: stamp('delivered_at'),
    lastError: text('last_error'),
    /**
     * When the event was copied to the queue of each webhook endpoint subscribed to it (webhook_deliveries);
     * null: not yet (server/webhook-endpoints/endpoint-delivery.ts).
     */
    fannedOutAt: stamp('fanned_out_at'),
    /** When the event's e-mails were queued (mail_sends); null: not yet (server/mail/mail-worker.ts). */
    mailedAt: stamp('mailed_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('outbox_events_mail')
      .on(table.createdAt)
      .where(sql`${table.mailedAt} is null`),
    index('outbox_events_fan_out')
      .on(table.createdAt)
      .where(sql`${table.fannedOutAt} is null`),
    index('outbox_events_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in (${sql.raw(sqlStatusList(QUEUED_DELIVERY_STATUSES))})`),
    index('outbox_events_status').on(table.status, table.createdAt),
    check('outbox_events_status', sql`${table.status} in (${sql.raw(sqlStatusList(DELIVERY_STATUSES))})`),
  ],
);
export type OutboxEventRow = typeof outboxEvents.$inferSelect;

/** Every delivery attempt: what the merchant's endpoint answered and how long it took. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id),
    attemptedAt: stamp('attempted_at').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** Null: the environment's endpoint (MERCHANT_WEBHOOK_URL); else a webhook endpoint's id (kept after it is deleted). */
    endpointId: text('endpoint_id'),
  },
  (table) => [index('outbox_deliveries_event').on(table.eventId, table.id)],
);
export type OutboxDeliveryRow = typeof outboxDeliveries.$inferSelect;

/**
 * Cards kept for the merchant's customers (issue 14), with the shopper's consent: only what the gateway
 * returned about the card. The checks make a full card number impossible to store even if a gateway
 * echoed one into these fields; there is no column a CVV or an expiry could go to.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    /** The merchant's `customer.external_id`. */
    customerExternalId: text('customer_external_id').notNull(),
    /** The gateway's `card.card_id`. */
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    brand: text('brand'),
    firstDigits: text('first_digits'),
    lastDigits: text('last_digits'),
    holderName: text('holder_name'),
    /** The session whose payment (or setup) saved it. */
    sessionId: text('session_id').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerExternalId, table.cardId] }),
    index('saved_cards_customer_created').on(table.customerExternalId, table.createdAt),
    check('saved_cards_first_digits', sql`${table.firstDigits} ~ '^[0-9]{1,8}$'`),
    check('saved_cards_last_digits', sql`${table.lastDigits} ~ '^[0-9]{1,4}$'`),
    check('saved_cards_brand', sql`length(${table.brand}) <= 40`),
    check('saved_cards_holder_name', sql`length(${table.holderName}) <= 120`),
  ],
);
export type SavedCardRow = typeof savedCards.$inferSelect;

/**
 * Payment links (issue 23): a link is a session factory — each visit opens a fresh checkout session with
 * the link's order (docs/merchants/payment-links.md). Its status is derived (payment-links/link-status.ts).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    /** `plink_` + 128 random bits: the merchant's id. */
    id: text('id').primaryKey(),
    /** The short code of `{PUBLIC_URL}/l/{code}`: 72 random bits, unguessable. */
    code: text('code').notNull().unique(),
    reference: text('reference'),
    title: text('title').notNull(),
    description: text('description'),
    /** The link's order (as a session's items), or null when the customer chooses the amount. */
    items: jsonb('items').$type<SessionItem[]>(),
    shippingFee: integer('shipping_fee'),
    customAmount: jsonb('custom_amount').$type<{ min: number; max: number; preset?: number }>(),
    quantity: jsonb('quantity').$type<{ min: number; max: number }>(),
    /** Everything else a session opened from the link gets (methods, 3DS, capture, after payment…). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    active: boolean('active').notNull(),
    inactiveMessage: text('inactive_message'),
    expiresAt: stamp('expires_at'),
    /** 1: single use; null: unlimited. Enforced when a payment begins (payment-links/link-slots.ts). */
    maxPayments: integer('max_payments'),
    /** Sessions of this link paid or authorised: counted in the statement that completes each one. */
    paymentsCount: integer('payments_count').notNull().default(0),
    /** Set when `payments_count` reaches `max_payments` (by a payment or a PATCH); null again if reopened. */
    completedAt: stamp('completed_at'),
    /** Set with `payment_link.completed`, once per completion (payment-links/complete-links.ts, decision 289). */
    completionAnnouncedAt: stamp('completion_announced_at'),
    /** Set with `payment_link.expired`, once. */
    expiredAnnouncedAt: stamp('expired_announced_at'),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payment_links_created').on(table.createdAt, table.id),
    index('payment_links_completion_unannounced')
      .on(table.completedAt)
      .where(sql`${table.completedAt} is not null and ${table.completionAnnouncedAt} is null`),
    check('payment_links_max_payments', sql`${table.maxPayments} is null or ${table.maxPayments} > 0`),
    check('payment_links_order', sql`(${table.items} is null) <> (${table.customAmount} is null)`),
  ],
);
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type NewPaymentLinkRow = typeof paymentLinks.$inferInsert;

/**
 * The merchant's webhook endpoints (issue 24, docs/merchants/webhook-endpoints.md), besides the environment's
 * MERCHANT_WEBHOOK_URL. The secret is kept as it is (it signs every delivery); it is shown once, on create and
 * roll. During a roll's overlap the previous secret signs too (a second `v1=`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    /** `we_` + 128 random bits. */
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    description: text('description'),
    /** The event types it receives; `["*"]`: every type. */
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: stamp('previous_secret_expires_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    /** The extra API key that created it (decision 288); null: CHECKOUT_SECRET_KEY or the console. */
    createdByApiKeyId: text('created_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('webhook_endpoints_created').on(table.createdAt, table.id),
    index('webhook_endpoints_created_by_api_key')
      .on(table.createdByApiKeyId)
      .where(sql`${table.createdByApiKeyId} is not null`),
  ],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event's delivery to one webhook endpoint: its own status, tries and lease, so each endpoint gets each
 * event exactly once however the others fare (the environment's endpoint keeps using outbox_events').
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** One of the delivery machine's statuses (events/delivery-machine.ts; a CHECK constraint holds it). */
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull(),
    lockedUntil: stamp('locked_until'),
    deliveredAt: stamp('delivered_at'),
    lastError: text('last_error'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.endpointId] }),
    index('webhook_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in (${sql.raw(sqlStatusList(QUEUED_DELIVERY_STATUSES))})`),
    index('webhook_deliveries_endpoint_status').on(table.endpointId, table.status),
    check(
      'webhook_deliveries_status',
      sql`${table.status} in (${sql.raw(sqlStatusList(DELIVERY_STATUSES))})`,
    ),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Each merchant endpoint's circuit, shared by every instance (decision 310): the environment's endpoint under
 * `we_environment`, each webhook endpoint under its id. Open (`opened_at` set) after failures in a row: then
 * only one probe goes, when `next_probe_at` has come, whichever instance takes it first.
 */
export const deliveryCircuits = pgTable('delivery_circuits', {
  endpointKey: text('endpoint_key').primaryKey(),
  /** Failed tries in a row; a 2xx resets it. */
  failures: integer('failures').notNull().default(0),
  openedAt: stamp('opened_at'),
  nextProbeAt: stamp('next_probe_at'),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/** A call kind the gateway asked us to slow down (429, Retry-After): no instance calls it before `until`. */
export const gatewayPauses = pgTable('gateway_pauses', {
  callKind: text('call_kind').primaryKey(),
  until: stamp('until').notNull(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/**
 * The shared scan of the gateway's list for unknown outcomes (decision 311): one row, leased by the instance
 * that scans (`locked_until`); `started_at` of the last scan paces the next, for every instance.
 */
export const gatewayScans = pgTable('gateway_scans', {
  name: text('name').primaryKey(),
  lockedUntil: stamp('locked_until'),
  startedAt: stamp('started_at'),
  finishedAt: stamp('finished_at'),
  /** Scans run and pages read in all (the meter operators read), and the last scan's pages. */
  scans: integer('scans').notNull().default(0),
  pages: bigint('pages', { mode: 'number' }).notNull().default(0),
  lastPages: integer('last_pages').notNull().default(0),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/**
 * Extra secret API keys (issue 24): named, shown once, kept as the SHA-256 of the key (256 random bits:
 * no salt or slow hash needed), revocable. CHECKOUT_SECRET_KEY keeps working beside them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** `key_` + 128 random bits: names the key in the API, never authenticates. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The key's first characters, to recognise it in a list (`sk_live_AbCd…`). */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    lastUsedAt: stamp('last_used_at'),
    revokedAt: stamp('revoked_at'),
  },
  (table) => [index('api_keys_created').on(table.createdAt, table.id)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
/** People who log in to the merchant console (issue 24): e-mail + scrypt password, one role each. */
export const consoleUsers = pgTable(
  'console_users',
  {
    /** `usr_` + 128 random bits. */
    id: text('id').primaryKey(),
    /** Lower case (a check holds it): one account per address whatever the case typed. */
    email: text('email').notNull().unique(),
    /** `scrypt$N$r$p$salt$hash` (server/console/password.ts). */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<ConsoleRole>().notNull(),
    /** Base32 TOTP secret (RFC 6238) once an owner turned it on; null: password only. */
    totpSecret: text('totp_secret'),
    /** The time step of the last code accepted: a code is good once (RFC 6238 §5.2); null: none used yet. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by an owner: no log-in, no session (they end at once); the row and its history stay. */
    disabledAt: stamp('disabled_at'),
    /** The sale notices this user gets by e-mail (server/mail/mail-kinds.ts); null: their role's default. */
    mailNotices: jsonb('mail_notices').$type<string[]>(),
    /** The secret of the user's one-click unsubscribe link (random, 128 bits). */
    noticesToken: text('notices_token'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('console_users_role', sql`${table.role} in ('owner', 'staff', 'viewer')`),
    check('console_users_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);
export type ConsoleUserRow = typeof consoleUsers.$inferSelect;

/** Server-side console sessions: the cookie holds a random token, the row its SHA-256 (a leaked table logs nobody in). */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    /** SHA-256 (hex) of the cookie's token. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    /** Sent back in `X-CSRF-Token` on every change (double submit, beside the Origin check). */
    csrfToken: text('csrf_token').notNull(),
    createdAt: stamp('created_at').notNull(),
    /** Idle expiry counts from here. */
    lastSeenAt: stamp('last_seen_at').notNull(),
    /** Absolute expiry: the session ends then, however active. */
    expiresAt: stamp('expires_at').notNull(),
  },
  (table) => [
    index('console_sessions_user').on(table.userId),
    index('console_sessions_expires').on(table.expiresAt),
  ],
);
export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

/**
 * Who did what in the console: captures, refunds, resends, users created or changed. Append-only: a trigger
 * refuses every UPDATE and DELETE (migration 0023, docs/decisions/285-audit-log-append-only.md).
 */
export const consoleAuditLog = pgTable(
  'console_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when no console user acted (the CLI, `npm start`, a log-in with an unknown e-mail); rows never change. */
    userId: text('user_id'),
    userEmail: text('user_email').notNull(),
    /** `payment.capture`, `payment.refund`, `user.create`, `session.login`… */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at').notNull(),
  },
  (table) => [
    index('console_audit_log_target').on(table.targetType, table.targetId, table.id),
    index('console_audit_log_created').on(table.createdAt),
  ],
);
export type ConsoleAuditRow = typeof consoleAuditLog.$inferSelect;

/**
 * When the money of a captured payment arrives (docs/decisions/320-receivables-kept-from-the-gateway.md): a card
 * payment's installments as the gateway reports them (`GET /v1/transactions/{id}/installments`), a PIX or boleto
 * payment as one receivable on its settlement day. Kept, not fetched per page view: server/receivables/ reads
 * them when a payment settles or changes and again on a schedule (receivable_reads).
 */
export const receivables = pgTable(
  'receivables',
  {
    /** `rcv_` + 128 random bits. */
    id: text('id').primaryKey(),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    /** 1-based; `installments` is how many the payment has. */
    installment: integer('installment').notNull(),
    installments: integer('installments').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    cardBrand: text('card_brand'),
    /** The calendar day the money is due, in the acquirer's zone (America/Sao_Paulo), `YYYY-MM-DD`. */
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    /** Cents. Fee and net are null when the gateway does not give them ("fee unknown"). */
    grossAmount: integer('gross_amount').notNull(),
    feeAmount: integer('fee_amount'),
    netAmount: integer('net_amount'),
    status: text('status').$type<ReceivableStatus>().notNull(),
    /** The gateway's word for the installment, as it wrote it (null: it gave none). */
    gatewayStatus: text('gateway_status'),
    /** When we first read it as paid. */
    paidAt: stamp('paid_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receivables_attempt_installment').on(table.attemptId, table.installment),
    index('receivables_expected_on').on(table.expectedOn, table.id),
    check('receivables_status', sql`${table.status} in (${sql.raw(sqlStatusList(RECEIVABLE_STATUSES))})`),
  ],
);

/**
 * The read schedule of each captured payment's receivables, claimed as the outbox's rows are (FOR UPDATE SKIP
 * LOCKED and a lease), so several instances never read one payment twice at once.
 */
export const receivableReads = pgTable(
  'receivable_reads',
  {
    attemptId: text('attempt_id')
      .primaryKey()
      .references(() => paymentAttempts.id),
    /** Null: nothing left to follow (every receivable paid or canceled) until the payment changes. */
    nextReadAt: stamp('next_read_at'),
    lockedUntil: stamp('locked_until'),
    /** The payment's `updated_at` the last read began from: a later change (a refund) asks for a new read. */
    attemptSeenAt: stamp('attempt_seen_at'),
    readCount: integer('read_count').notNull().default(0),
    /** Failed reads in a row (the back-off). */
    failures: integer('failures').notNull().default(0),
    lastReadAt: stamp('last_read_at'),
    lastError: text('last_error'),
  },
  (table) => [
    index('receivable_reads_due')
      .on(table.nextReadAt)
      .where(sql`${table.nextReadAt} is not null`),
  ],
);

/**
 * The shop's identity as owners set it in the console (migration 0030, docs/decisions/340-shop-identity-in-the-database.md):
 * one row (id 1); a null column falls back to its SHOP_* setting. The logo is stored here as base64 text (at
 * most 64 kB of image), so every instance serves the same file.
 */
export const shopIdentity = pgTable(
  'shop_identity',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name'),
    brandColor: text('brand_color'),
    support: text('support'),
    defaultLocale: text('default_locale').$type<(typeof LOCALES)[number]>(),
    logoBase64: text('logo_base64'),
    logoType: text('logo_type').$type<'image/png' | 'image/jpeg' | 'image/webp'>(),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    /** Content hash of the logo, in its URL (`/shop/logo?v=…`): a new file is a new URL. */
    logoVersion: text('logo_version'),
    updatedAt: stamp('updated_at').notNull(),
  },
  (table) => [
    check('shop_identity_single_row', sql`${table.id} = 1`),
    check('shop_identity_locale', sql`${table.defaultLocale} in ('pt-BR', 'en')`),
    check('shop_identity_logo_type', sql`${table.logoType} in ('image/png', 'image/jpeg', 'image/webp')`),
    check('shop_identity_logo_whole', sql`(${table.logoBase64} is null) = (${table.logoVersion} is null)`),
  ],
);
export type ShopIdentityRow = typeof shopIdentity.$inferSelect;

/** A mail as stored and sent: rendered once when queued, so a resend is the same mail. */
export interface StoredMail {
  subject: string;
  text: string;
  html: string;
  /** The shop's logo is attached inline (`cid:shop-logo`): no remote image, no tracker. */
  logo: boolean;
  /** `List-Unsubscribe` of a notice (one-click, RFC 8058). */
  unsubscribeUrl?: string;
}

/**
 * Every e-mail (issue 42, docs/merchants/receipts-and-notices.md): queued from an outbox event in one
 * transaction, its idempotency key (event, recipient) unique, sent at least once by the mail worker under a
 * lease — and never twice: a worker stopped between SMTP and the record leaves it `unknown`
 * (docs/decisions/330-mail-exactly-once.md).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    /** `mail_` + 128 random bits. */
    id: text('id').primaryKey(),
    /** `{event id}/{recipient}`: one mail per event and person, whichever instance queues it. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** One receipt of a kind per payment and person (an approval announced twice is mailed once); null: none. */
    dedupeKey: text('dedupe_key').unique(),
    eventId: text('event_id').notNull(),
    sessionId: text('session_id'),
    attemptId: text('attempt_id'),
    /** server/mail/mail-kinds.ts. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** A notice's console user (null: a shopper's receipt). */
    userId: text('user_id'),
    locale: text('locale').$type<(typeof LOCALES)[number]>().notNull(),
    message: jsonb('message').$type<StoredMail>().notNull(),
    status: text('status').$type<MailStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull(),
    lockedUntil: stamp('locked_until'),
    /** What the SMTP server last answered (or why no answer came). */
    lastResponse: text('last_response'),
    sentAt: stamp('sent_at'),
    /** Counted from here to the give-up time (a resend starts it again). */
    queuedAt: stamp('queued_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('mail_sends_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in (${sql.raw(sqlStatusList(QUEUED_MAIL_STATUSES))})`),
    index('mail_sends_attempt')
      .on(table.attemptId)
      .where(sql`${table.attemptId} is not null`),
    index('mail_sends_recipient_created').on(table.recipient, table.createdAt),
    check('mail_sends_status', sql`${table.status} in (${sql.raw(sqlStatusList(MAIL_STATUSES))})`),
  ],
);
export type MailSendRow = typeof mailSends.$inferSelect;
export type NewMailSendRow = typeof mailSends.$inferInsert;
