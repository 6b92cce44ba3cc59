import { exactOrigin } from './embed-origins.ts';
import * as z from 'zod/mini';
import { plainText } from './plain-text.ts';
import { transactionSchema } from './gateway/transaction.ts';
import {
  FEES_PAID_BY,
  LOCALES,
  MAX_DESCRIPTOR_LENGTH,
  MAX_INSTALLMENTS,
  MAX_ITEM_TITLE_LENGTH,
  MAX_ORDER_CENTS,
  PAYMENT_METHODS,
  THREE_DS_POLICIES,
} from './order-values.ts';
import { savedCardSchema } from './saved-cards.ts';
import { boletoOptionsSchema } from './boleto/boleto-options.ts';
import { sessionShopSchema } from './shop-identity.ts';

/**
 * The checkout server's own API (the "Go live" issue): the merchant's backend creates a session with its
 * secret key; the shopper's browser holds only the session id. Snake case, as the gateway writes its API.
 */

export const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export const CAPTURE_MODES = ['automatic', 'manual'] as const;
/** `payment` charges the order; `setup` only saves a card for the customer (`POST /v1/cards`), no items. */
export const SESSION_MODES = ['payment', 'setup'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** 128 random bits, base64url: `cs_` + 22 characters. Unguessable; the shopper's link is the capability. */
export const sessionIdSchema = z.string().check(z.regex(/^cs_[A-Za-z0-9_-]{22,64}$/));

/** The merchant's order id: printable, no spaces, so it is safe in logs and URLs. */
export const referenceSchema = z.string().check(z.regex(/^[A-Za-z0-9._:#/-]{1,64}$/));

const positiveCents = z.int().check(z.positive(), z.lte(MAX_ORDER_CENTS));

export const sessionItemSchema = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ITEM_TITLE_LENGTH), plainText()),
  unit_price: positiveCents,
  quantity: z.int().check(z.gte(1), z.lte(999)),
  tangible: z.boolean(),
  external_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64), plainText())),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const sessionCustomerSchema = z.strictObject({
  /** The merchant's id of the customer (saved cards are kept per customer). */
  external_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64), plainText())),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(120), plainText())),
  email: z.optional(z.email()),
  /** CPF (11 digits) or CNPJ (14 characters; alphanumeric CNPJs exist from July 2026). */
  document: z.optional(
    z.strictObject({
      type: z.enum(['cpf', 'cnpj']),
      number: z.string().check(z.regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/)),
    }),
  ),
  /** International format, e.g. +5511987654321. */
  phone: z.optional(z.string().check(z.regex(/^\+\d{8,15}$/))),
  /**
   * The customer's billing address as the shop knows it: the card and PIX forms start with it filled, so a
   * returning shopper types nothing of it again. Brazilian: 8-digit CEP, two-letter UF.
   */
  address: z.optional(
    z.strictObject({
      street: z.string().check(z.trim(), z.minLength(1), z.maxLength(120), plainText()),
      street_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(20), plainText()),
      zipcode: z.string().check(z.regex(/^\d{8}$/)),
      neighborhood: z.optional(z.string().check(z.trim(), z.maxLength(120), plainText())),
      city: z.string().check(z.trim(), z.minLength(1), z.maxLength(120), plainText()),
      state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    }),
  ),
});
export type SessionCustomer = z.infer<typeof sessionCustomerSchema>;

/**
 * What the payment forms ask beyond what each payment needs (docs/decisions/164-fewer-fields.md); a payment
 * link's `collect` is the same object and flows into the sessions it opens. Absent keys keep the defaults:
 * - `address` (default `true`): the billing address on every form. `false`: only where the payment needs
 *   it — the card forms (the gateway's card request carries it and issuers check it) and a PIX order that is
 *   delivered (the delivery needs an address); a PIX payment otherwise asks none and sends no `billing`.
 * - `phone` (default `false`): the customer's mobile phone on the forms that ask who pays (3DS, PIX).
 *   Without it they send `phone_numbers: []`, or the phone the session's `customer` already has.
 */
export const sessionCollectSchema = z.strictObject({
  address: z.optional(z.boolean()),
  phone: z.optional(z.boolean()),
});
export type SessionCollect = z.infer<typeof sessionCollectSchema>;

/** `collect` with its defaults applied: what a session asks (merchant view, server checks). */
export function collectOf(collect: SessionCollect | null | undefined): Required<SessionCollect> {
  return { address: collect?.address ?? true, phone: collect?.phone ?? false };
}

/**
 * A URL the shopper may be sent to: https, or http on a loopback host (local development). Validated
 * again by the server (it owns the redirects) — this only rejects the obviously wrong.
 */
export const returnUrlSchema = z.url({ protocol: /^https?$/ }).check(
  z.refine((value) => {
    // Every check of a zod object runs even after the format check failed: never assume it parses.
    try {
      const url = new URL(value);
      // No `user:password@`: it makes `https://shop.example@evil.example` look like the shop.
      if (url.username !== '' || url.password !== '') return false;
      return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https URL without user info (http only on localhost)'),
);

/** An exact origin (`https://shop.example`, no trailing slash) that may frame this session's checkout. */
export const embedOriginSchema = z
  .string()
  .check(
    z.refine((value) => exactOrigin(value) === value, 'must be an exact origin such as https://shop.example'),
  );

export const createSessionRequestSchema = z
  .strictObject({
    reference: referenceSchema,
    mode: z.optional(z.enum(SESSION_MODES)),
    /** Required in `payment` mode, absent in `setup` mode. */
    items: z.optional(z.array(sessionItemSchema).check(z.minLength(1), z.maxLength(100))),
    shipping_fee: z.optional(z.int().check(z.nonnegative(), z.lte(MAX_ORDER_CENTS))),
    descriptor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 .*-]{1,22}$/))),
    methods: z.optional(z.array(z.enum(PAYMENT_METHODS)).check(z.minLength(1), z.maxLength(3))),
    /** With `boleto` in `methods`: its due date in business days and the printed instructions. */
    boleto: z.optional(boletoOptionsSchema),
    max_installments: z.optional(z.int().check(z.gte(1), z.lte(MAX_INSTALLMENTS))),
    three_ds: z.optional(z.enum(THREE_DS_POLICIES)),
    fees_paid_by: z.optional(z.enum(FEES_PAID_BY)),
    capture: z.optional(z.enum(CAPTURE_MODES)),
    customer: z.optional(sessionCustomerSchema),
    /** Whether the forms ask the billing address and the phone (`sessionCollectSchema`). */
    collect: z.optional(sessionCollectSchema),
    /**
     * Show the customer's saved cards and offer "Save this card for next time" (consent, unchecked by
     * default). Needs `customer.external_id`: cards are kept per customer.
     */
    save_cards: z.optional(z.boolean()),
    /**
     * `false`: the shopper gets no e-mail receipt from the checkout (the merchant sends its own). Default `true`:
     * a receipt goes to the customer's or payer's e-mail (docs/merchants/receipts-and-notices.md).
     */
    receipts: z.optional(z.boolean()),
    locale: z.optional(z.enum(LOCALES)),
    /** The shop's name, colour and support contact for this session's pages, over the server's settings. */
    shop: z.optional(sessionShopSchema),
    success_url: z.optional(returnUrlSchema),
    cancel_url: z.optional(returnUrlSchema),
    expires_in_minutes: z.optional(z.int().check(z.gte(5), z.lte(24 * 60))),
    embed_origins: z.optional(z.array(embedOriginSchema).check(z.maxLength(10))),
    metadata: z.optional(
      z
        .record(
          z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/)),
          z.string().check(z.maxLength(500), plainText()),
        )
        .check(z.refine((record) => Object.keys(record).length <= 50, 'at most 50 keys')),
    ),
  })
  .check(
    z.refine((body) => orderAmount(body.items ?? [], body.shipping_fee) <= MAX_ORDER_CENTS, {
      message: `the order's total exceeds ${MAX_ORDER_CENTS} cents`,
      path: ['items'],
    }),
    // The gateway's plain card form captures at once (`capture: true`); only its 3DS form authorises. A
    // manual session that lets a card pay without 3DS would be captured behind the merchant's back.
    z.refine(
      (body) =>
        body.capture !== 'manual' ||
        body.mode === 'setup' ||
        body.three_ds === 'required' ||
        (body.methods !== undefined && !body.methods.includes('credit_card')),
      {
        message:
          'manual capture needs three_ds "required": a card paid without 3DS is captured by the gateway at once',
        path: ['capture'],
      },
    ),
    z.refine((body) => body.mode === 'setup' || body.items !== undefined, {
      message: 'a payment session needs items',
      path: ['items'],
    }),
    z.refine(
      (body) => body.mode !== 'setup' || (body.items === undefined && body.shipping_fee === undefined),
      {
        message: 'a setup session saves a card and charges nothing: no items or shipping_fee',
        path: ['mode'],
      },
    ),
    z.refine((body) => body.mode !== 'setup' || body.collect === undefined, {
      message: 'a setup session asks only for the card: no collect',
      path: ['collect'],
    }),
    z.refine(
      (body) =>
        (body.mode !== 'setup' && body.save_cards !== true) || body.customer?.external_id !== undefined,
      {
        message: 'saved cards are kept per customer: customer.external_id is required',
        path: ['customer', 'external_id'],
      },
    ),
  );
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** The amount is computed from the items, never taken from anyone's say-so. */
export function orderAmount(items: readonly Pick<SessionItem, 'unit_price' | 'quantity'>[], shippingFee = 0) {
  return items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0) + shippingFee;
}

/** One payment attempt as the merchant sees it. `status` is the gateway's, or one of ours before it. */
export const sessionPaymentSchema = z.object({
  /** Null until the gateway has answered with an id (`sending`, `unknown`, `rejected`). */
  transaction_id: z.nullable(z.int()),
  payment_method: z.enum(PAYMENT_METHODS),
  amount: z.int(),
  installments: z.int(),
  /**
   * Ours: `sending` (on the wire), `unknown` (the gateway may have acted; being resolved), `rejected`
   * (the gateway said 400: nothing was created). Otherwise the gateway's own status string.
   */
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SessionPayment = z.infer<typeof sessionPaymentSchema>;

export const checkoutSessionSchema = z.object({
  id: sessionIdSchema,
  object: z.literal('checkout_session'),
  /** The shopper's link: `{PUBLIC_URL}/pay/{id}`. */
  url: z.string(),
  status: z.enum(SESSION_STATUSES),
  mode: z.enum(SESSION_MODES),
  /** 0 in `setup` mode. */
  amount: z.int(),
  currency: z.literal('BRL'),
  reference: z.string(),
  items: z.array(sessionItemSchema),
  shipping_fee: z.int(),
  descriptor: z.nullable(z.string()),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** The boleto's options as the merchant set them; null: the defaults (3 business days, no instructions). */
  boleto: z.nullable(boletoOptionsSchema),
  max_installments: z.int(),
  three_ds: z.enum(THREE_DS_POLICIES),
  fees_paid_by: z.enum(FEES_PAID_BY),
  capture: z.enum(CAPTURE_MODES),
  customer: z.nullable(sessionCustomerSchema),
  /** What the forms ask, defaults applied. */
  collect: z.object({ address: z.boolean(), phone: z.boolean() }),
  save_cards: z.boolean(),
  /** Present, `false`, when the session sends no e-mail receipt. */
  receipts: z.optional(z.literal(false)),
  locale: z.nullable(z.enum(LOCALES)),
  shop: z.optional(sessionShopSchema),
  success_url: z.nullable(z.string()),
  cancel_url: z.nullable(z.string()),
  embed_origins: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  expires_at: z.string(),
  created_at: z.string(),
  /** Only on `GET /api/v1/checkout-sessions/{id}`. */
  payments: z.optional(z.array(sessionPaymentSchema)),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** `{ errors: [{ message, parameter_name, type }] }`, as the gateway's own 400 (docs/gateway-api.md §7). */
export const apiErrorBodySchema = z.object({
  errors: z.array(
    z.object({ message: z.string(), parameter_name: z.nullable(z.string()), type: z.string() }),
  ),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
/** One named problem of a 4xx: what domains answer and routes send (server/http/api-error.ts). */
export type ApiFieldError = ApiErrorBody['errors'][number];

/**
 * What the shopper's page gets (`GET /api/pay/{id}`, and the same JSON in the served HTML as
 * `<script type="application/json" id="checkout-session">`): the order in the browser's own shape, what
 * the session knows of the customer, and the latest payment so a reload or Back shows where things stand.
 */
export const publicOrderSchema = z.object({
  amount: z.int().check(z.positive(), z.lte(MAX_ORDER_CENTS)),
  items: z
    .array(
      z.object({
        title: z.string().check(z.minLength(1), z.maxLength(MAX_ITEM_TITLE_LENGTH)),
        unitPrice: z.int().check(z.positive()),
        quantity: z.int().check(z.positive()),
        tangible: z.boolean(),
      }),
    )
    .check(z.minLength(1)),
  descriptor: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_DESCRIPTOR_LENGTH))),
  methods: z.array(z.enum(PAYMENT_METHODS)).check(z.minLength(1)),
  maxInstallments: z.int().check(z.gte(1), z.lte(MAX_INSTALLMENTS)),
  threeDS: z.enum(THREE_DS_POLICIES),
  feesPaidBy: z.enum(FEES_PAID_BY),
  locale: z.optional(z.enum(LOCALES)),
  shipping: z.optional(z.object({ fee: z.int().check(z.nonnegative(), z.lte(MAX_ORDER_CENTS)) })),
  /** The session's `collect`, written only when it differs from the defaults (`address` true, `phone` false). */
  collect: z.optional(z.object({ address: z.optional(z.boolean()), phone: z.optional(z.boolean()) })),
  /** Present, `false`, when the session sends the shopper no e-mail receipt: the card form offers none. */
  receipts: z.optional(z.literal(false)),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/**
 * Why the session's payment link takes no payment now, as the 409 to a payment names it
 * (docs/decisions/286-link-state-at-payment-begin.md): `payment_link_held` while another session's payment
 * holds its last slot, else turned off, expired or used up since the session was opened.
 */
export const PAYMENT_LINK_REFUSALS = [
  'payment_link_held',
  'payment_link_used_up',
  'payment_link_inactive',
  'payment_link_expired',
] as const;
export type PaymentLinkRefusal = (typeof PAYMENT_LINK_REFUSALS)[number];

export const publicSessionSchema = z.object({
  id: sessionIdSchema,
  status: z.enum(SESSION_STATUSES),
  expires_at: z.string(),
  /** Absent (the `payment` mode) in sessions served before saved cards existed. */
  mode: z.optional(z.enum(SESSION_MODES)),
  /** Null in `setup` mode: nothing is charged. */
  order: z.nullable(publicOrderSchema),
  /** The `setup` page's language (a payment session's is `order.locale`). */
  locale: z.optional(z.enum(LOCALES)),
  customer: z.nullable(sessionCustomerSchema),
  /** The card form offers "Save this card for next time" (unchecked). */
  save_cards: z.optional(z.boolean()),
  /** The customer's saved cards, newest first, when the session allows them; they come with the page. */
  saved_cards: z.optional(z.array(savedCardSchema)),
  /** The session's own name, colour or support contact for the shop, when the merchant set any. */
  shop: z.optional(sessionShopSchema),
  /** Where "back to the shop" goes; the server has validated them. */
  success_url: z.nullable(z.string()),
  cancel_url: z.nullable(z.string()),
  /**
   * The latest attempt, for reload/Back/discarded tabs: its status (ours or the gateway's) and, once the
   * gateway has answered, the transaction as the gateway returned it (never card data: the gateway
   * returns only first/last digits, and the server strips anything else).
   */
  payment: z.nullable(
    z.object({
      status: z.string(),
      payment_method: z.enum(PAYMENT_METHODS),
      transaction: z.nullable(transactionSchema),
      /**
       * A boleto payment, normalised by the server's adapter (`boletoResultSchema`): what the boleto page
       * shows after a reload. Read as any object here and checked by the boleto's own lazy chunk, so the
       * schema does not become one more chunk the checkout's first load has to name.
       */
      boleto: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  /**
   * An open session of a payment link that takes no payment now: what its page shows after a payment was
   * refused with the same code (docs/decisions/287-link-closed-under-the-checkout.md). One of
   * PAYMENT_LINK_REFUSALS; read as any text, so a code this page does not know yet fails nothing.
   */
  payment_link_refusal: z.optional(z.string()),
});
export type PublicSession = z.infer<typeof publicSessionSchema>;
/** A session that charges an order (mode `payment`): what the checkout page renders. */
export type PaymentSession = PublicSession & { order: PublicOrder };

/** Paths, written once for the browser, the server and the tests. */
export const API_PATHS = {
  merchantSessions: '/api/v1/checkout-sessions',
  shopperSession: (id: string) => `/api/pay/${id}`,
  /** Base of the shopper's gateway-shaped calls: `…/v1/transactions`, `…/v1/transactions/{id}`, `…/v1/simulate/tax`. */
  shopperGatewayBase: (id: string) => `/api/pay/${id}`,
  shopperPage: (id: string) => `/pay/${id}`,
  /** The session customer's saved cards: `GET` lists, `DELETE …/{card_id}` removes one. */
  shopperCards: (id: string) => `/api/pay/${id}/cards`,
  /** `POST` issues the session's boleto for the payer; `GET …/{transaction_id}` reads it again. */
  shopperBoleto: (id: string) => `/api/pay/${id}/boleto`,
  /** The merchant's view of a customer's saved cards (secret key). */
  customerCards: (externalId: string) => `/api/v1/customers/${encodeURIComponent(externalId)}/cards`,
} as const;
