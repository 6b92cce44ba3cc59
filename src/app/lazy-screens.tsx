import { lazyComponent } from '../ui/lazy-component.ts';
import { lazyWithQueries } from './lazy-with-queries.tsx';

/**
 * Screens and pages that the checkout's first paint does not need. Each loads when it is first shown
 * (the ones a card payment needs next are also prefetched at idle, see prefetch.ts), keeping the first
 * load small. None of them imports this module back; the app's own routes that render these screens
 * (the embed route, the session loader) are in lazy-routes.tsx, or the two would import each other.
 */
export const PaymentResult = lazyWithQueries(() =>
  import('../features/checkout/payment-result.tsx').then((m) => m.PaymentResult),
);

export const PixCheckout = lazyWithQueries(() =>
  import('../features/pix/pix-checkout.tsx').then((m) => m.PixCheckout),
);

// Plain fetches, no server-state cache: it needs no query client.
export const BoletoCheckout = lazyComponent(() =>
  import('../features/boleto/boleto-checkout.tsx').then((m) => m.BoletoCheckout),
);

export const BankRedirect = lazyComponent(() =>
  import('../features/three-ds/bank-redirect.tsx').then((m) => m.BankRedirect),
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

export const SessionEnded = lazyComponent(() =>
  import('../features/checkout/session-screens.tsx').then((m) => m.SessionEnded),
);

/** The bank's 3DS challenge, mock mode only: statically null otherwise, so no mock code is bundled. */
export const MockBankChallenge =
  import.meta.env.MODE === 'mock'
    ? lazyComponent(() => import('../mock/bank-challenge-page.tsx').then((m) => m.BankChallengePage))
    : null;

/** A link that cannot be paid is rare: its page and words are not in the first load. */
export const OrderConfigError = lazyComponent(() =>
  import('../features/checkout/order-config-error.tsx').then((m) => m.OrderConfigError),
);

export const NotFound = lazyComponent(() => import('./not-found.tsx').then((m) => m.NotFound));
