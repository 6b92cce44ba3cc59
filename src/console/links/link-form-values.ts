import * as z from 'zod/mini';
import type { ConsoleLink } from '../../../contract/console/console-links.ts';
import { embedOriginSchema } from '../../../contract/checkout-session.ts';
import { BOLETO_DUE_DAYS } from '../../../contract/boleto/boleto-options.ts';
import { MAX_ITEM_TITLE_LENGTH } from '../../../contract/order-values.ts';
import {
  afterPaymentSchema,
  createPaymentLinkRequestSchema,
  MAX_LINK_PAYMENTS,
  type CreatePaymentLinkRequest,
  type PatchPaymentLinkRequest,
} from '../../../contract/payment-links/payment-link.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatCentsForInput, parseMoneyInput } from '../../lib/money-input.ts';
import type { LinksMessages } from './links-messages.ts';

/**
 * The link form's values (text as typed) and their rules, and how they become the merchant API's create body
 * or PATCH: everything `POST /api/v1/payment-links` takes that a shop sets by hand.
 */

const positiveCents = (text: string, locale: Locale) => {
  const cents = parseMoneyInput(text, locale);
  return cents !== null && cents > 0 ? cents : null;
};

function origins(text: string): string[] {
  return text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `YYYY-MM-DDTHH:mm` in this computer's zone (what a datetime-local input holds), from an instant. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** https only in the console (the API also takes http on localhost, for a developer's machine). */
function httpsRedirect(text: string): boolean {
  const value = text.trim();
  return value.startsWith('https://') && afterPaymentSchema.safeParse({ redirect_url: value }).success;
}

/** `keepExpiry`: an edited link's expiry as the form first showed it — kept, even past, it is not refused. */
export function linkFormSchema(
  w: LinksMessages,
  locale: Locale,
  keepExpiry = '',
  now: () => number = () => Date.now(),
) {
  const item = z.object({
    // Empty is the link's title when the link sells one item (checked below).
    title: z.string().check(z.trim(), z.maxLength(MAX_ITEM_TITLE_LENGTH, w.titleTooLong)),
    price: z.string().check(z.refine((text) => positiveCents(text, locale) !== null, w.amountInvalid)),
    quantity: z
      .string()
      .check(z.refine((text) => /^\d{1,3}$/.test(text.trim()) && Number(text) >= 1, w.quantityInvalid)),
  });
  return z
    .object({
      title: z.string().check(z.trim(), z.minLength(1, w.titleRequired), z.maxLength(120, w.titleTooLong)),
      description: z.string().check(z.trim(), z.maxLength(500, w.descriptionTooLong)),
      price: z.enum(['items', 'open']),
      items: z.array(item),
      shipping: z.string(),
      min: z.string(),
      max: z.string(),
      card: z.boolean(),
      pix: z.boolean(),
      boleto: z.boolean(),
      boletoDays: z.string(),
      installments: z.string(),
      threeDs: z.boolean(),
      expiresAt: z.string(),
      maxPayments: z.string(),
      after: z.enum(['none', 'message', 'redirect']),
      message: z.string(),
      redirect: z.string(),
      collectAddress: z.boolean(),
      collectPhone: z.boolean(),
      origins: z.string(),
    })
    .check(
      z.superRefine((v, context) => {
        if (v.price !== 'items' || v.items.length < 2) return;
        v.items.forEach((entry, index) => {
          if (entry.title.trim() === '')
            context.addIssue({
              code: 'custom',
              message: w.itemTitleRequired,
              path: ['items', index, 'title'],
              input: entry.title,
            });
        });
      }),
      z.refine(
        (v) =>
          v.price !== 'items' || v.shipping.trim() === '' || parseMoneyInput(v.shipping, locale) !== null,
        { message: w.shippingInvalid, path: ['shipping'] },
      ),
      z.refine((v) => v.price !== 'open' || positiveCents(v.min, locale) !== null, {
        message: w.amountInvalid,
        path: ['min'],
      }),
      z.refine((v) => v.price !== 'open' || positiveCents(v.max, locale) !== null, {
        message: w.amountInvalid,
        path: ['max'],
      }),
      z.refine(
        (v) =>
          v.price !== 'open' ||
          (positiveCents(v.min, locale) ?? 0) <= (positiveCents(v.max, locale) ?? Infinity),
        { message: w.minAboveMax, path: ['max'] },
      ),
      z.refine((v) => v.card || v.pix || v.boleto, { message: w.methodRequired, path: ['card'] }),
      z.refine(
        (v) =>
          !v.boleto ||
          (/^\d{1,2}$/.test(v.boletoDays.trim()) &&
            Number(v.boletoDays) >= 1 &&
            Number(v.boletoDays) <= BOLETO_DUE_DAYS.max),
        { message: w.boletoDaysInvalid, path: ['boletoDays'] },
      ),
      z.refine(
        (v) =>
          v.expiresAt.trim() === '' ||
          (keepExpiry !== '' && v.expiresAt === keepExpiry) ||
          (instantOf(v.expiresAt) !== null && Date.parse(v.expiresAt) > now()),
        { message: w.expiresInPast, path: ['expiresAt'] },
      ),
      z.refine(
        (v) =>
          v.maxPayments.trim() === '' ||
          (/^\d+$/.test(v.maxPayments.trim()) &&
            Number(v.maxPayments) >= 1 &&
            Number(v.maxPayments) <= MAX_LINK_PAYMENTS),
        { message: w.maxPaymentsInvalid, path: ['maxPayments'] },
      ),
      z.refine(
        (v) => v.after !== 'message' || (v.message.trim().length > 0 && v.message.trim().length <= 500),
        { message: w.messageRequired, path: ['message'] },
      ),
      z.refine((v) => v.after !== 'redirect' || httpsRedirect(v.redirect), {
        message: w.redirectInvalid,
        path: ['redirect'],
      }),
      z.refine(
        (v) => {
          const list = origins(v.origins);
          return (
            list.length <= 10 &&
            list.every(
              (origin) => origin.startsWith('https://') && embedOriginSchema.safeParse(origin).success,
            )
          );
        },
        { message: w.embedOriginsInvalid, path: ['origins'] },
      ),
    );
}
export type LinkFormValues = z.infer<ReturnType<typeof linkFormSchema>>;

export const EMPTY_ITEM = { title: '', price: '', quantity: '1' };

export const NEW_LINK_VALUES: LinkFormValues = {
  title: '',
  description: '',
  price: 'items',
  items: [EMPTY_ITEM],
  shipping: '',
  min: '',
  max: '',
  card: true,
  pix: true,
  boleto: false,
  boletoDays: String(BOLETO_DUE_DAYS.default),
  installments: '1',
  threeDs: false,
  expiresAt: '',
  maxPayments: '',
  after: 'none',
  message: '',
  redirect: '',
  collectAddress: true,
  collectPhone: false,
  origins: '',
};

/** An existing link as the form shows it. */
export function valuesOfLink(link: ConsoleLink, locale: Locale): LinkFormValues {
  const money = (cents: number) => formatCentsForInput(cents, locale);
  const after = link.after_payment;
  return {
    title: link.title,
    description: link.description ?? '',
    price: link.custom_amount ? 'open' : 'items',
    items: link.items
      ? link.items.map((item) => ({
          title: item.title,
          price: money(item.unit_price),
          quantity: String(item.quantity),
        }))
      : [EMPTY_ITEM],
    shipping: link.shipping_fee === null ? '' : money(link.shipping_fee),
    min: link.custom_amount ? money(link.custom_amount.min) : '',
    max: link.custom_amount ? money(link.custom_amount.max) : '',
    card: link.methods.includes('credit_card'),
    pix: link.methods.includes('pix'),
    boleto: link.methods.includes('boleto'),
    boletoDays: String(link.boleto?.due_in_business_days ?? BOLETO_DUE_DAYS.default),
    installments: String(link.max_installments),
    threeDs: link.three_ds === 'required',
    expiresAt: localInputOf(link.expires_at),
    maxPayments: link.max_payments === null ? '' : String(link.max_payments),
    after: after === null ? 'none' : 'message' in after ? 'message' : 'redirect',
    message: after && 'message' in after ? after.message : '',
    redirect: after && 'redirect_url' in after ? after.redirect_url : '',
    collectAddress: link.collect.address ?? true,
    collectPhone: link.collect.phone ?? false,
    origins: link.embed_origins.join('\n'),
  };
}

function priceOf(values: LinkFormValues, locale: Locale) {
  if (values.price === 'open') {
    return {
      custom_amount: {
        min: parseMoneyInput(values.min, locale) ?? 0,
        max: parseMoneyInput(values.max, locale) ?? 0,
      },
    };
  }
  const shipping = values.shipping.trim() ? parseMoneyInput(values.shipping, locale) : null;
  return {
    items: values.items.map((item) => ({
      title: item.title.trim() || values.title.trim().slice(0, MAX_ITEM_TITLE_LENGTH),
      unit_price: parseMoneyInput(item.price, locale) ?? 0,
      quantity: Number(item.quantity),
      tangible: false,
    })),
    shipping_fee: shipping,
  };
}

function afterPaymentOf(values: LinkFormValues) {
  if (values.after === 'message') return { message: values.message.trim() };
  if (values.after === 'redirect') return { redirect_url: values.redirect.trim() };
  return null;
}

/** The create body, checked by the merchant API's schema before it is sent (the server checks it again). */
export function createBodyOf(
  values: LinkFormValues,
  locale: Locale,
  boletoEnabled: boolean,
): CreatePaymentLinkRequest | undefined {
  const description = values.description.trim();
  const methods = [
    ...(values.card ? (['credit_card'] as const) : []),
    ...(values.pix ? (['pix'] as const) : []),
    ...(values.boleto && boletoEnabled ? (['boleto'] as const) : []),
  ];
  const price = priceOf(values, locale);
  const after = afterPaymentOf(values);
  const expiresAt = instantOf(values.expiresAt);
  const embed = origins(values.origins);
  const body = {
    title: values.title.trim(),
    ...(description ? { description } : {}),
    ...('custom_amount' in price
      ? price
      : { items: price.items, ...(price.shipping_fee !== null ? { shipping_fee: price.shipping_fee } : {}) }),
    methods,
    ...(methods.includes('boleto') ? { boleto: { due_in_business_days: Number(values.boletoDays) } } : {}),
    ...(values.card ? { max_installments: Number(values.installments) } : {}),
    ...(values.card ? { three_ds: values.threeDs ? ('required' as const) : ('off' as const) } : {}),
    ...(expiresAt ? { expires_at: expiresAt } : {}),
    ...(values.maxPayments.trim() ? { max_payments: Number(values.maxPayments) } : {}),
    ...(after ? { after_payment: after } : {}),
    collect: { address: values.collectAddress, phone: values.collectPhone },
    ...(embed.length ? { embed_origins: embed } : {}),
  };
  const parsed = createPaymentLinkRequestSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH of an edit: what the merchant API lets change (title, description, expiry, limit, after payment, and
 * the price while the link has no payment), only the fields that changed.
 */
export function patchBodyOf(
  link: ConsoleLink,
  values: LinkFormValues,
  locale: Locale,
  priceLocked: boolean,
): PatchPaymentLinkRequest {
  const patch: PatchPaymentLinkRequest = {};
  const title = values.title.trim();
  if (title !== link.title) patch.title = title;
  const description = values.description.trim() || null;
  if (description !== link.description) patch.description = description;
  const expiresAt = instantOf(values.expiresAt);
  if (values.expiresAt !== localInputOf(link.expires_at)) patch.expires_at = expiresAt;
  const maxPayments = values.maxPayments.trim() ? Number(values.maxPayments) : null;
  if (maxPayments !== link.max_payments) patch.max_payments = maxPayments;
  const after = afterPaymentOf(values);
  if (!same(after, link.after_payment)) patch.after_payment = after;
  if (!priceLocked) {
    const price = priceOf(values, locale);
    if ('custom_amount' in price) {
      if (!same(price.custom_amount, link.custom_amount)) patch.custom_amount = price.custom_amount;
    } else {
      const items = link.items?.map(({ title: t, unit_price, quantity, tangible }) => ({
        title: t,
        unit_price,
        quantity,
        tangible,
      }));
      if (!same(price.items, items)) patch.items = price.items;
      if (price.shipping_fee !== link.shipping_fee) patch.shipping_fee = price.shipping_fee;
    }
  }
  return patch;
}

/** The form's field a server error names (`link.items.0.title`, `expires_at`…); undefined: none of ours. */
export function fieldOfParameter(parameter: string | null): keyof LinkFormValues | undefined {
  const name = parameter?.replace(/^link\./, '').split('.')[0];
  const fields: Record<string, keyof LinkFormValues> = {
    title: 'title',
    description: 'description',
    items: 'items',
    shipping_fee: 'shipping',
    custom_amount: 'min',
    quantity: 'items',
    methods: 'card',
    boleto: 'boletoDays',
    max_installments: 'installments',
    expires_at: 'expiresAt',
    max_payments: 'maxPayments',
    after_payment: 'redirect',
    collect: 'collectAddress',
    embed_origins: 'origins',
  };
  return name ? fields[name] : undefined;
}
