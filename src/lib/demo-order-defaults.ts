import { DEMO_ORDER } from './order-config.ts';

/**
 * The designers' preview: a link that names only part of an order (`/?methods=pix`, `?threeds=required`,
 * `?fees=customer`) takes the rest from the demo order instead of failing on the missing amount. A link
 * that names its own amount keeps every default of a shop's link (`Pedido`, no descriptor).
 */
export function withDemoOrderDefaults(params: URLSearchParams): URLSearchParams {
  if (params.has('amount')) return params;
  const filled = new URLSearchParams(params);
  const [item] = DEMO_ORDER.items;
  filled.set('amount', String(DEMO_ORDER.amount));
  if (!filled.has('description') && item) filled.set('description', item.title);
  if (!filled.has('descriptor') && DEMO_ORDER.descriptor) filled.set('descriptor', DEMO_ORDER.descriptor);
  return filled;
}
