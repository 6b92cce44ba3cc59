import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import { collectBrowserData, type BrowserEnvironment } from './browser-device.ts';
import { buildHostReturnUrls, buildReturnUrls } from './return-url.ts';

interface ThreeDSecureInput {
  env: BrowserEnvironment;
  /** The SPA's origin; the return route lives there. */
  origin: string;
  reference: string;
  lang?: string;
  checkoutQuery?: string;
  /** Embedded: the merchant's page the bank returns to (already checked to be on the host's origin). */
  hostReturnUrl?: string;
}

/**
 * `threeDSecure` of spec 2.3. `ipAddress` stays empty: the browser cannot know its public address and
 * the merchant's backend (or our proxy) fills it from the connection (DESIGN.md).
 */
export function buildThreeDSecure(input: ThreeDSecureInput): ThreeDSecureRequest {
  const { device, userAgent } = collectBrowserData(input.env);
  const urls = input.hostReturnUrl
    ? buildHostReturnUrls(input.hostReturnUrl, input.reference)
    : buildReturnUrls(input.origin, input.reference, {
        lang: input.lang,
        checkoutQuery: input.checkoutQuery,
      });
  return { ...urls, userAgent, ipAddress: '', device };
}
