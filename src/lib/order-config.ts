import * as z from 'zod/mini';
import { isLocale, type Locale } from '../i18n/locale.ts';

export const PAYMENT_METHODS = ['credit_card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const orderItemSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  unitPrice: z.int().check(z.positive()),
  quantity: z.int().check(z.positive()),
  tangible: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A delivered order: `fee` in cents is already part of `amount`; PIX sends it as `shipping.fee`. */
export const orderShippingSchema = z.object({
  fee: z.int().check(z.nonnegative(), z.lte(100_000_000)),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** What the checkout sells and how it may be paid (DESIGN.md: "Where the order comes from"). */
export const orderConfigSchema = z.object({
  amount: z.int().check(z.positive(), z.lte(100_000_000)),
  items: z.array(orderItemSchema).check(z.minLength(1)),
  descriptor: z.string().check(z.minLength(1), z.maxLength(22)),
  methods: z.array(z.enum(PAYMENT_METHODS)).check(z.minLength(1)),
  maxInstallments: z.int().check(z.gte(1), z.lte(12)),
  threeDS: z.enum(['required', 'off']),
  feesPaidBy: z.enum(['customer', 'merchant']),
  locale: z.optional(z.enum(['pt-BR', 'en'])),
  shipping: z.optional(orderShippingSchema),
});
export type OrderConfig = z.infer<typeof orderConfigSchema>;

export const DEFAULT_DESCRIPTOR = 'LOJA EXEMPLO';

/** Shown in mock mode when the URL names no order, so designers land on a working checkout. */
export const DEMO_ORDER: OrderConfig = {
  amount: 15090,
  items: [{ title: 'Tênis de corrida', unitPrice: 15090, quantity: 1, tangible: true }],
  descriptor: DEFAULT_DESCRIPTOR,
  methods: ['credit_card', 'pix'],
  maxInstallments: 12,
  threeDS: 'off',
  feesPaidBy: 'merchant',
};

export type OrderConfigResult =
  { ok: true; order: OrderConfig } | { ok: false; problems: string[] } | { ok: 'empty' };

const ORDER_PARAMS = ['amount', 'description', 'methods', 'installments', 'threeds', 'fees', 'descriptor'];

/** Config field → the URL parameter the merchant wrote, so errors name what they can fix. */
const URL_PARAM_OF: Record<string, string> = {
  items: 'amount',
  maxInstallments: 'installments',
  threeDS: 'threeds',
  feesPaidBy: 'fees',
};

function integerParam(value: string | null): number | undefined {
  if (value === null) return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/**
 * Reads the order from URL parameters: `amount` (integer cents), `description` (one item), `methods`
 * (comma list), `installments` (max), `threeds` (`required`|`off`), `fees` (`customer`|`merchant`),
 * `descriptor`, `shipping` (delivery fee in cents, included in `amount`; absent = nothing to deliver).
 * Every problem is named, so the error page can say what to fix.
 */
export function orderFromSearchParams(params: URLSearchParams): OrderConfigResult {
  if (!ORDER_PARAMS.some((name) => params.has(name))) return { ok: 'empty' };
  const amount = integerParam(params.get('amount'));
  const description = params.get('description')?.trim() || 'Pedido';
  const candidate = {
    amount,
    items: [{ title: description, unitPrice: amount, quantity: 1, tangible: true }],
    descriptor: params.get('descriptor')?.trim() || DEFAULT_DESCRIPTOR,
    methods: (params.get('methods') ?? 'credit_card,pix')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
    maxInstallments: integerParam(params.get('installments')) ?? 12,
    threeDS: params.get('threeds') ?? 'off',
    feesPaidBy: params.get('fees') ?? 'merchant',
    // Only a URL that names a delivery gets one: links made before shipping existed parse as before.
    ...(params.has('shipping') ? { shipping: { fee: integerParam(params.get('shipping')) } } : {}),
  };
  const parsed = orderConfigSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, order: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'amount');
    return URL_PARAM_OF[key] ?? key;
  });
  return { ok: false, problems: [...new Set(problems)] };
}

/** `lang` wins; otherwise the browser's languages decide (see negotiateLocale). */
export function localeFromSearchParams(params: URLSearchParams): Locale | undefined {
  const lang = params.get('lang');
  return isLocale(lang) ? lang : undefined;
}
