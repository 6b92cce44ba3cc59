import type { PublicOrder } from '../../contract/checkout-session.ts';
import {
  FEES_PAID_BY,
  LOCALES,
  MAX_DESCRIPTOR_LENGTH,
  MAX_INSTALLMENTS,
  MAX_ITEM_TITLE_LENGTH,
  MAX_ORDER_CENTS,
  PAYMENT_METHODS,
  THREE_DS_POLICIES,
} from '../../contract/order-values.ts';
import { URL_ORDER_PARAMETERS } from '../../contract/url-order-parameters.ts';
import { isLocale, type Locale } from '../i18n/locale.ts';

/**
 * What the checkout sells and how it may be paid (docs/decisions/057-orders-come-from-sessions.md): the type
 * of contract/checkout-session.ts's `publicOrderSchema`, the one order schema (z.infer; a type import, so no
 * zod reaches the first load). A delivered order's `shipping.fee` is already part of `amount`.
 */
export type OrderConfig = PublicOrder;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type OrderItem = OrderConfig['items'][number];

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isText = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const isOneOf = <T extends string>(v: unknown, values: readonly T[]): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isOptionalBoolean = (v: unknown) => v === undefined || typeof v === 'boolean';

function isItem(v: unknown): v is OrderItem {
  return (
    isRecord(v) &&
    isText(v.title, 1, MAX_ITEM_TITLE_LENGTH) &&
    isInt(v.unitPrice, 1, Number.MAX_SAFE_INTEGER) &&
    isInt(v.quantity, 1, Number.MAX_SAFE_INTEGER) &&
    typeof v.tangible === 'boolean'
  );
}

/**
 * `publicOrderSchema`'s rules for the first paint, which cannot carry zod
 * (docs/decisions/083-one-order-schema.md): the limits and value sets are the contract's own
 * (order-values.ts), and order-config.test.ts runs both on the same cases. Returns the top-level fields that
 * break them.
 */
export function validateOrderConfig(
  candidate: Record<string, unknown>,
): { ok: true; order: OrderConfig } | { ok: false; invalid: string[] } {
  const c = candidate;
  const checks: [string, boolean][] = [
    ['amount', isInt(c.amount, 1, MAX_ORDER_CENTS)],
    ['items', Array.isArray(c.items) && c.items.length > 0 && c.items.every(isItem)],
    ['descriptor', c.descriptor === undefined || isText(c.descriptor, 1, MAX_DESCRIPTOR_LENGTH)],
    [
      'methods',
      Array.isArray(c.methods) && c.methods.length > 0 && c.methods.every((m) => isOneOf(m, PAYMENT_METHODS)),
    ],
    ['maxInstallments', isInt(c.maxInstallments, 1, MAX_INSTALLMENTS)],
    ['threeDS', isOneOf(c.threeDS, THREE_DS_POLICIES)],
    ['feesPaidBy', isOneOf(c.feesPaidBy, FEES_PAID_BY)],
    ['locale', c.locale === undefined || isOneOf(c.locale, LOCALES)],
    [
      'shipping',
      c.shipping === undefined || (isRecord(c.shipping) && isInt(c.shipping.fee, 0, MAX_ORDER_CENTS)),
    ],
    [
      'collect',
      c.collect === undefined ||
        (isRecord(c.collect) && [c.collect.address, c.collect.phone].every(isOptionalBoolean)),
    ],
  ];
  const invalid = checks.filter(([, ok]) => !ok).map(([field]) => field);
  if (invalid.length > 0) return { ok: false, invalid };
  return { ok: true, order: candidate as unknown as OrderConfig };
}

/** Shown in mock mode when the URL names no order, so designers land on a working checkout. */
export const DEMO_ORDER: OrderConfig = {
  amount: 15090,
  items: [{ title: 'Tênis de corrida', unitPrice: 15090, quantity: 1, tangible: true }],
  descriptor: 'LOJA EXEMPLO',
  methods: ['credit_card', 'pix'],
  maxInstallments: 12,
  threeDS: 'off',
  feesPaidBy: 'merchant',
};

export type OrderConfigResult =
  | { ok: true; order: OrderConfig }
  | { ok: false; problems: string[] }
  | { ok: 'empty' };

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
  if (!URL_ORDER_PARAMETERS.some((name) => params.has(name))) return { ok: 'empty' };
  const amount = integerParam(params.get('amount'));
  const description = params.get('description')?.trim() || 'Pedido';
  const fee = params.has('shipping') ? integerParam(params.get('shipping')) : undefined;
  // The delivery fee is part of the amount: the item is what remains, so the summary adds up.
  const itemPrice =
    amount !== undefined && fee !== undefined && Number.isInteger(fee) && fee < amount
      ? amount - fee
      : amount;
  const candidate = {
    amount,
    items: [{ title: description, unitPrice: itemPrice, quantity: 1, tangible: true }],
    // No made-up default: a shopper's statement must show the merchant's name, which the gateway knows.
    ...(params.get('descriptor')?.trim() ? { descriptor: params.get('descriptor')?.trim() } : {}),
    methods: (params.get('methods') ?? 'credit_card,pix')
      .split(',')
      // Boleto needs the server (its adapter issues it): a URL order names it only to be told it cannot.
      .map((m) => (m.trim() === 'boleto' ? '-' : m.trim()))
      .filter(Boolean),
    maxInstallments: integerParam(params.get('installments')) ?? 12,
    threeDS: params.get('threeds') ?? 'off',
    feesPaidBy: params.get('fees') ?? 'merchant',
    // Only a URL that names a delivery gets one: links made before shipping existed parse as before.
    ...(params.has('shipping') ? { shipping: { fee } } : {}),
  };
  const checked = validateOrderConfig(candidate);
  if (checked.ok) {
    // A delivery that costs the whole amount (or more) leaves nothing for the goods: a broken link.
    if (fee !== undefined && fee >= checked.order.amount) return { ok: false, problems: ['shipping'] };
    return checked;
  }
  const problems = checked.invalid.map((key) =>
    key === 'items' && description.length > MAX_ITEM_TITLE_LENGTH
      ? 'description'
      : (URL_PARAM_OF[key] ?? key),
  );
  return { ok: false, problems: [...new Set(problems)] };
}

/** `lang` wins; otherwise the browser's languages decide (see negotiateLocale). */
export function localeFromSearchParams(params: URLSearchParams): Locale | undefined {
  const lang = params.get('lang');
  return isLocale(lang) ? lang : undefined;
}
