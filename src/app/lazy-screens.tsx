import { lazy } from 'react';
import { lazyWithQueries } from './lazy-with-queries.tsx';

/**
 * Screens that the checkout's first paint does not need. Each loads when it is first shown (the ones a
 * card payment needs next are also prefetched at idle, see prefetch.ts), keeping the first load small.
 */
export const PaymentResult = lazyWithQueries(() =>
  import('../features/checkout/payment-result.tsx').then((m) => m.PaymentResult),
);

export const PixCheckout = lazyWithQueries(() =>
  import('../features/pix/pix-checkout.tsx').then((m) => m.PixCheckout),
);

export const BankRedirect = lazy(() =>
  import('../features/three-ds/bank-redirect.tsx').then((m) => ({ default: m.BankRedirect })),
);

export const CustomerInstallmentLabels = lazyWithQueries(() =>
  import('./customer-installment-labels.tsx').then((m) => m.CustomerInstallmentLabels),
);

export const ThreeDSReturnPage = lazyWithQueries(() =>
  import('../features/three-ds/three-ds-return-page.tsx').then((m) => m.ThreeDSReturnPage),
);

export const ThreeDSPending = lazyWithQueries(() =>
  import('../features/three-ds/three-ds-pending.tsx').then((m) => m.ThreeDSPending),
);

export const OutcomeCheck = lazyWithQueries(() =>
  import('../features/checkout/outcome-check.tsx').then((m) => m.OutcomeCheck),
);

export const SessionEnded = lazy(() =>
  import('../features/checkout/session-screens.tsx').then((m) => ({ default: m.SessionEnded })),
);

/** A link that cannot be paid is rare: its page and words are not in the first load. */
export const OrderConfigError = lazy(() =>
  import('../features/checkout/order-config-error.tsx').then((m) => ({ default: m.OrderConfigError })),
);

export const NotFound = lazy(() => import('./not-found.tsx').then((m) => ({ default: m.NotFound })));
