import { useMemo } from 'react';
import { withDemoOrderDefaults } from '../lib/demo-order-defaults.ts';
import { DEMO_ORDER, orderFromSearchParams } from '../lib/order-config.ts';
import { urlOrdersAllowed } from '../lib/served-config.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { OrderConfigError } from './lazy-screens.tsx';

/**
 * The order comes from the URL; in mock mode an empty URL gets the demo order
 * (docs/decisions/057-orders-come-from-sessions.md) and a partial one the demo's amount and title
 * (`/?methods=pix`). The production server takes orders only from checkout sessions (`/pay/{id}`): there, any
 * `/?amount=…` link is refused.
 */
export function CheckoutRoute({ search }: { search: URLSearchParams }) {
  const key = search.toString();
  const result = useMemo(
    () =>
      orderFromSearchParams(
        // Statically false outside the mock build (and folded away): a shop's link names its amount.
        import.meta.env.MODE === 'mock'
          ? withDemoOrderDefaults(new URLSearchParams(key))
          : new URLSearchParams(key),
      ),
    [key],
  );
  if (!urlOrdersAllowed()) return <OrderConfigError problems={[]} sessionsOnly />;
  // Keyed by the order, not the whole query: switching `lang` must not remount and lose what was typed.
  if (result.ok === true) return <CheckoutPage key={JSON.stringify(result.order)} order={result.order} />;
  if (result.ok === 'empty' && import.meta.env.MODE === 'mock') return <CheckoutPage order={DEMO_ORDER} />;
  return <OrderConfigError problems={result.ok === false ? result.problems : []} />;
}
