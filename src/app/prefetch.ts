import { loadCardBrands } from '../features/card/card-brand-loader.ts';
import { onFirstInteraction } from './first-interaction.ts';

/**
 * What the first interaction needs (validation, card brands, the gateway client, the result screen) is
 * not in the first load. It is fetched when the shopper starts to interact — the first tap, click or key
 * — so it is there long before they finish typing, and a page that is only looked at (or measured) pays
 * nothing for it. A failed fetch is harmless: the same import runs again when the code is needed.
 */
export function prefetchOnFirstInteraction(): void {
  onFirstInteraction(() => {
    for (const load of [
      loadCardBrands,
      () => import('../features/card/card-form-resolver.ts'),
      () => import('../features/card/card-request.ts'),
      () => import('../api/transactions.ts'),
      () => import('../api/query-boundary.tsx'),
      () => import('../features/checkout/payment-result.tsx'),
    ]) {
      load().catch(() => undefined);
    }
  });
}
