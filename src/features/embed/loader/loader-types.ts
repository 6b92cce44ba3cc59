import type { OrderConfig } from '../../../lib/order-config.ts';
import type { AppMessage, EmbedTheme } from '../embed-messages.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * What the merchant's page hears: the checkout's messages without the envelope, plus `load_failed`
 * when the checkout never answered (wrong address, or this site is not on the allow-list).
 */
export type CheckoutEvent =
  | DistributiveOmit<AppMessage, 'source' | 'version' | 'instance'>
  | { type: 'error'; code: 'load_failed' };

export type EventOf<T extends CheckoutEvent['type']> = Extract<CheckoutEvent, { type: T }>;

export interface MountOptions {
  /**
   * The checkout session your backend created (`cs_…`): the order, the payment under way and its result
   * all come from it. What a live shop passes. Back from a 3DS challenge, the session named by this page's
   * `?checkout_session=` is mounted instead (docs/merchants/embed.md).
   */
  session?: string;
  /**
   * A payment link's code (the end of its `url`, `/l/{code}`): the frame shows the link's page, and its
   * "Continue" opens the shopper's own session in the same frame. For a shop with no backend.
   */
  link?: string;
  /**
   * The designers' preview only (the mock build): amount in integer cents, items, methods…
   * (docs/merchants/embed.md). The checkout server refuses it; ignored when `session` is given.
   */
  order?: OrderConfig;
  locale?: 'pt-BR' | 'en';
  theme?: EmbedTheme;
  /** Accessible name of the iframe; default "Checkout". */
  title?: string;
  /** Where the checkout lives; default: the origin embed.js itself was loaded from. */
  checkoutUrl?: string;
  /**
   * Your page the bank sends the shopper back to after 3DS (same origin as this page), with
   * `checkout_session=cs_…` added; default: this page. Mount the checkout there again, with any session:
   * the loader mounts the returned one, which shows the payment and reports its outcome.
   */
  returnUrl?: string;
  /** `load_failed` after this long without `ready` (default 15 s), or 3 s after the frame loaded without it. */
  readyTimeoutMs?: number;
  onEvent?: (event: CheckoutEvent) => void;
  /** Once per mount, when the checkout first says it is ready. */
  onReady?: () => void;
  onPaymentSucceeded?: (event: EventOf<'payment_succeeded'>) => void;
  onPaymentFailed?: (event: EventOf<'payment_failed'>) => void;
  onPixCreated?: (event: EventOf<'pix_created'>) => void;
  /** Return `false` to stay on the page and handle the bank's URL yourself. */
  onRedirecting?: (event: EventOf<'redirecting'>) => boolean | undefined;
  onError?: (event: EventOf<'error'>) => void;
}

export interface CheckoutHandle {
  readonly iframe: HTMLIFrameElement;
  /** Switches colours, radius, font, spacing or light/dark without reloading the checkout. */
  setTheme: (theme: EmbedTheme) => void;
  /** Removes the iframe and stops listening; the handle is dead afterwards. */
  unmount: () => void;
}
