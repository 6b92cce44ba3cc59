/**
 * Query parameters of the designers' URL orders (docs/shoppers-and-designers/scenarios.md); `lang` is not one
 * of them. No zod here: the checkout's first load reads this list (src/lib/order-config.ts), and so does the
 * server, which refuses URL orders in production (server/http/spa-page.ts).
 */
export const URL_ORDER_PARAMETERS = [
  'amount',
  'description',
  'methods',
  'installments',
  'threeds',
  'fees',
  'descriptor',
  'shipping',
] as const;
