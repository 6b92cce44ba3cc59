import type { CheckoutHandle, MountOptions } from './loader-types.ts';
import { mountCheckout } from './mount-checkout.ts';

/**
 * Entry of dist/embed.js, a classic script for merchants' pages (no React, no zod: 3 KB budget).
 * `document.currentScript` is only set while this runs, so the checkout's address is read now.
 */
const loadedFrom =
  document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : undefined;

declare global {
  interface Window {
    MerchantCheckout?: {
      mount: (target: string | HTMLElement, options: MountOptions) => CheckoutHandle;
    };
  }
}

window.MerchantCheckout = {
  mount: (target, options) => mountCheckout(target, options, loadedFrom),
};
