/*
 * The order's limits and closed value sets, without zod: the schemas (checkout-session.ts) and the
 * checkout's first paint (src/lib/order-config.ts, which cannot carry zod) both read them here.
 */

/** Largest order: R$ 1.000.000,00 in cents. The one place this limit is written. */
export const MAX_ORDER_CENTS = 100_000_000;
export const MAX_ITEM_TITLE_LENGTH = 120;
export const MAX_DESCRIPTOR_LENGTH = 22;
export const MAX_INSTALLMENTS = 12;
export const PAYMENT_METHODS = ['credit_card', 'pix'] as const;
export const LOCALES = ['pt-BR', 'en'] as const;
/** Who pays the card fees; the gateway's `fee_responsible` takes the same words (spec 2.10). */
export const FEES_PAID_BY = ['merchant', 'customer'] as const;
export const THREE_DS_POLICIES = ['required', 'off'] as const;
