/*
 * The order's limits and closed value sets, without zod: the schemas (checkout-session.ts) and the
 * checkout's first paint (src/lib/order-config.ts, which cannot carry zod) both read them here.
 */

/** Largest order: R$ 1.000.000,00 in cents. The one place this limit is written. */
export const MAX_ORDER_CENTS = 100_000_000;
export const MAX_ITEM_TITLE_LENGTH = 120;
export const MAX_DESCRIPTOR_LENGTH = 22;
export const MAX_INSTALLMENTS = 12;
/** Boleto only on sessions of the server, and only when the setting allows it (BOLETO_ENABLED). */
export const PAYMENT_METHODS = ['credit_card', 'pix', 'boleto'] as const;
export const LOCALES = ['pt-BR', 'en'] as const;
/**
 * Who pays the card fees: an order's `fees_paid_by`, and the gateway's `fee_responsible` in the same words
 * (spec 2.10; `merchant` fills the spec's gap, docs/gateway-api.md). The one place they are spelled.
 */
export const FEES_PAID_BY = ['merchant', 'customer'] as const;
export type FeesPaidBy = (typeof FEES_PAID_BY)[number];
export const THREE_DS_POLICIES = ['required', 'off'] as const;
