import { useMemo } from 'react';
import { OrderConfigError } from '../features/checkout/order-config-error.tsx';
import { DEMO_ORDER, orderFromSearchParams } from '../lib/order-config.ts';
import { CheckoutPage } from './checkout-page.tsx';

/** The order comes from the URL; in mock mode an empty URL gets the demo order (DESIGN.md). */
export function CheckoutRoute({ search }: { search: URLSearchParams }) {
  const key = search.toString();
  const result = useMemo(() => orderFromSearchParams(new URLSearchParams(key)), [key]);
  if (result.ok === true) return <CheckoutPage key={key} order={result.order} />;
  if (result.ok === 'empty' && import.meta.env.MODE === 'mock') return <CheckoutPage order={DEMO_ORDER} />;
  return <OrderConfigError problems={result.ok === false ? result.problems : []} />;
}
