/**
 * What the first interaction needs (validation, the gateway client, the result screen) is not in the
 * first load; it is fetched as soon as the browser is idle after the first paint, so a shopper never
 * waits for it. A failed prefetch is harmless: the same import runs again when the code is needed.
 */
export function prefetchWhenIdle(): void {
  const run = () => {
    for (const load of [
      () => import('../features/card/card-form-resolver.ts'),
      () => import('../features/card/card-brand-loader.ts').then((m) => m.loadCardBrands()),
      () => import('../api/transactions.ts'),
      () => import('./query-boundary.tsx'),
      () => import('../features/checkout/payment-result.tsx'),
    ]) {
      load().catch(() => undefined);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
