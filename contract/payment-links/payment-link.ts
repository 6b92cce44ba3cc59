import * as z from 'zod/mini';
import { boletoOptionsSchema } from '../boleto/boleto-options.ts';
import {
  CAPTURE_MODES,
  embedOriginSchema,
  referenceSchema,
  returnUrlSchema,
  sessionCollectSchema,
  sessionItemSchema,
} from '../checkout-session.ts';
import { merchantPaymentSchema } from '../merchant-events.ts';
import {
  FEES_PAID_BY,
  LOCALES,
  MAX_INSTALLMENTS,
  MAX_ORDER_CENTS,
  PAYMENT_METHODS,
  THREE_DS_POLICIES,
} from '../order-values.ts';

/**
 * Payment links (docs/merchants/payment-links.md): the merchant creates a link once and shares it (chat,
 * QR code); each visit opens a fresh checkout session with the link's order. Snake case, as the rest of
 * the merchant API.
 */

export const PAYMENT_LINK_STATUSES = ['active', 'inactive', 'expired', 'completed'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** `plink_` + 128 random bits in base64url. */
export const paymentLinkIdSchema = z.string().check(z.regex(/^plink_[A-Za-z0-9_-]{22}$/));
/** The short code of `/l/{code}`: 12 base64url characters (72 random bits). */
export const paymentLinkCodeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/));

export const MAX_LINK_PAYMENTS = 1_000_000;
/** The placeholder a link's `after_payment.redirect_url` may carry: replaced by each visit's session id. */
export const SESSION_ID_PLACEHOLDER = '{session_id}';

const cents = z.int().check(z.positive(), z.lte(MAX_ORDER_CENTS));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const customAmountSchema = z.strictObject({ min: cents, max: cents, preset: z.optional(cents) }).check(
  z.refine((value) => value.min <= value.max, { message: 'min must not exceed max', path: ['max'] }),
  z.refine(
    (value) => value.preset === undefined || (value.preset >= value.min && value.preset <= value.max),
    { message: 'preset must lie between min and max', path: ['preset'] },
  ),
);
export type CustomAmount = z.infer<typeof customAmountSchema>;

export const adjustableQuantitySchema = z
  .strictObject({ min: z.int().check(z.gte(1), z.lte(999)), max: z.int().check(z.gte(1), z.lte(999)) })
  .check(z.refine((value) => value.min <= value.max, { message: 'min must not exceed max', path: ['max'] }));
export type AdjustableQuantity = z.infer<typeof adjustableQuantitySchema>;

/** A URL with `{session_id}` in it is still a URL once the placeholder is replaced by an id. */
const redirectUrlSchema = z.string().check(
  z.maxLength(2000),
  z.refine(
    (value) => returnUrlSchema.safeParse(value.replaceAll(SESSION_ID_PLACEHOLDER, 'cs_x')).success,
    'must be an https URL without user info (http only on localhost); {session_id} is replaced by the session id',
  ),
);

export const afterPaymentSchema = z.union([
  z.strictObject({ redirect_url: redirectUrlSchema }),
  z.strictObject({ message: text(500) }),
]);
export type AfterPayment = z.infer<typeof afterPaymentSchema>;

/**
 * A session's `collect` (`address`, `phone`: what the forms of the link's sessions ask), and `document`, kept
 * for links made before it flowed into sessions: the CPF or CNPJ is asked wherever the payment needs it (PIX,
 * 3DS — the gateway requires it) and nowhere else, whatever this says.
 */
export const collectSchema = z.strictObject({
  ...sessionCollectSchema.shape,
  document: z.optional(z.boolean()),
});
export type Collect = z.infer<typeof collectSchema>;

const metadataSchema = z
  .record(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/)), z.string().check(z.maxLength(500)))
  .check(z.refine((record) => Object.keys(record).length <= 50, 'at most 50 keys'));

const expiresAtSchema = z.nullable(z.iso.datetime({ offset: true }));
const maxPaymentsSchema = z.nullable(z.int().check(z.gte(1), z.lte(MAX_LINK_PAYMENTS)));

export const createPaymentLinkRequestSchema = z
  .strictObject({
    title: text(120),
    description: z.optional(text(500)),
    reference: z.optional(referenceSchema),
    /** The order, as a session's items — or `custom_amount`, never both. */
    items: z.optional(z.array(sessionItemSchema).check(z.minLength(1), z.maxLength(100))),
    shipping_fee: z.optional(z.int().check(z.nonnegative(), z.lte(MAX_ORDER_CENTS))),
    /** The customer types the amount (cents), between `min` and `max`. */
    custom_amount: z.optional(customAmountSchema),
    /** The shopper picks the quantity of the link's only item. */
    quantity: z.optional(adjustableQuantitySchema),
    /** Boleto only where the server offers it (BOLETO_ENABLED): otherwise a 400 naming `methods`. */
    methods: z.optional(z.array(z.enum(PAYMENT_METHODS)).check(z.minLength(1), z.maxLength(3))),
    /** Due date and instructions of the boletos of the link's sessions (as a session's `boleto`). */
    boleto: z.optional(boletoOptionsSchema),
    max_installments: z.optional(z.int().check(z.gte(1), z.lte(MAX_INSTALLMENTS))),
    three_ds: z.optional(z.enum(THREE_DS_POLICIES)),
    fees_paid_by: z.optional(z.enum(FEES_PAID_BY)),
    capture: z.optional(z.enum(CAPTURE_MODES)),
    locale: z.optional(z.enum(LOCALES)),
    /** `false`: the link's sessions send the shopper no e-mail receipt (as a session's `receipts`). */
    receipts: z.optional(z.boolean()),
    descriptor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 .*-]{1,22}$/))),
    expires_at: z.optional(expiresAtSchema),
    max_payments: z.optional(maxPaymentsSchema),
    after_payment: z.optional(afterPaymentSchema),
    collect: z.optional(collectSchema),
    inactive_message: z.optional(text(500)),
    embed_origins: z.optional(z.array(embedOriginSchema).check(z.maxLength(10))),
    metadata: z.optional(metadataSchema),
  })
  .check(
    z.refine((body) => (body.items === undefined) !== (body.custom_amount === undefined), {
      message: 'a link sells items or lets the customer choose the amount (custom_amount): exactly one',
      path: ['items'],
    }),
    z.refine((body) => body.quantity === undefined || body.items?.length === 1, {
      message: 'an adjustable quantity needs exactly one item',
      path: ['quantity'],
    }),
    z.refine(
      (body) =>
        (body.items ?? []).reduce((sum, item) => sum + item.unit_price * item.quantity, 0) +
          (body.shipping_fee ?? 0) <=
        MAX_ORDER_CENTS,
      { message: `the order's total exceeds ${MAX_ORDER_CENTS} cents`, path: ['items'] },
    ),
    z.refine(
      (body) =>
        body.quantity === undefined ||
        (body.items?.[0]?.unit_price ?? 0) * body.quantity.max + (body.shipping_fee ?? 0) <= MAX_ORDER_CENTS,
      { message: `the largest quantity's total exceeds ${MAX_ORDER_CENTS} cents`, path: ['quantity', 'max'] },
    ),
    // As for sessions: the gateway's plain card form captures at once; only its 3DS form authorises.
    z.refine(
      (body) =>
        body.capture !== 'manual' ||
        body.three_ds === 'required' ||
        (body.methods !== undefined && !body.methods.includes('credit_card')),
      { message: 'manual capture needs three_ds "required"', path: ['capture'] },
    ),
  );
export type CreatePaymentLinkRequest = z.infer<typeof createPaymentLinkRequestSchema>;

/**
 * What a PATCH may change. The price (`items`, `shipping_fee`, `custom_amount`, `quantity`) only while
 * the link has no payment; a link is deactivated (`active: false`), never deleted.
 */
export const patchPaymentLinkRequestSchema = z
  .strictObject({
    title: z.optional(text(120)),
    description: z.optional(z.nullable(text(500))),
    active: z.optional(z.boolean()),
    expires_at: z.optional(expiresAtSchema),
    max_payments: z.optional(maxPaymentsSchema),
    inactive_message: z.optional(z.nullable(text(500))),
    after_payment: z.optional(z.nullable(afterPaymentSchema)),
    metadata: z.optional(metadataSchema),
    items: z.optional(z.array(sessionItemSchema).check(z.minLength(1), z.maxLength(100))),
    shipping_fee: z.optional(z.nullable(z.int().check(z.nonnegative(), z.lte(MAX_ORDER_CENTS)))),
    custom_amount: z.optional(customAmountSchema),
    quantity: z.optional(z.nullable(adjustableQuantitySchema)),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, 'nothing to change'),
    z.refine((body) => body.items === undefined || body.custom_amount === undefined, {
      message: 'items or custom_amount, not both',
      path: ['items'],
    }),
  );
export type PatchPaymentLinkRequest = z.infer<typeof patchPaymentLinkRequestSchema>;

export const paymentLinkSchema = z.object({
  id: paymentLinkIdSchema,
  object: z.literal('payment_link'),
  /** `{PUBLIC_URL}/l/{code}`: what the merchant shares. */
  url: z.string(),
  code: paymentLinkCodeSchema,
  /** The link's URL as a QR code, an SVG document (the same library as the PIX code). */
  qr_code: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  active: z.boolean(),
  title: z.string(),
  description: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  items: z.nullable(z.array(sessionItemSchema)),
  shipping_fee: z.nullable(z.int()),
  custom_amount: z.nullable(customAmountSchema),
  quantity: z.nullable(adjustableQuantitySchema),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** The boleto options of the link's sessions; null when the link offers no boleto or keeps the defaults. */
  boleto: z.nullable(boletoOptionsSchema),
  max_installments: z.int(),
  three_ds: z.enum(THREE_DS_POLICIES),
  fees_paid_by: z.enum(FEES_PAID_BY),
  capture: z.enum(CAPTURE_MODES),
  locale: z.nullable(z.enum(LOCALES)),
  /** Present, `false`, when the link's sessions send no e-mail receipt. */
  receipts: z.optional(z.literal(false)),
  descriptor: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  max_payments: z.nullable(z.int()),
  after_payment: z.nullable(afterPaymentSchema),
  collect: collectSchema,
  inactive_message: z.nullable(z.string()),
  embed_origins: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  /** Sessions of this link paid (or authorised). */
  payments_count: z.int(),
  /** Captured minus refunded, in cents, over the link's payments. */
  amount_collected: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = z.object({
  object: z.literal('list'),
  data: z.array(paymentLinkSchema),
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()),
});

export const paymentLinkPaymentListSchema = z.object({
  object: z.literal('list'),
  data: z.array(merchantPaymentSchema),
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()),
});

export const PAYMENT_LINK_PATHS = {
  merchant: '/api/v1/payment-links',
  shopperPage: (code: string) => `/l/${code}`,
} as const;
