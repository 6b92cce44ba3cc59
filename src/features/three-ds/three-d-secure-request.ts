import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import { collectBrowserData, type BrowserEnvironment } from './browser-device.ts';
import { buildHostReturnUrls, buildReturnUrls, type ReturnUrls } from './return-url.ts';

/** Where the bank sends the shopper back. */
type ReturnTo =
  /** A checkout session's own fixed pages (or the merchant's page for an embedded session). */
  | { returnUrls: ReturnUrls }
  /** The designer preview: our return route with a reference, or the merchant's page when embedded. */
  | {
      /** The SPA's origin; the return route lives there. */
      origin: string;
      reference: string;
      lang?: string;
      checkoutQuery?: string;
      /** Embedded: the merchant's page the bank returns to (already checked to be on the host's origin). */
      hostReturnUrl?: string | undefined;
    };

type ThreeDSecureInput = { env: BrowserEnvironment } & ReturnTo;

function returnUrlsOf(input: ReturnTo): ReturnUrls {
  if ('returnUrls' in input) return input.returnUrls;
  if (input.hostReturnUrl) return buildHostReturnUrls(input.hostReturnUrl, input.reference);
  return buildReturnUrls(input.origin, input.reference, {
    lang: input.lang,
    checkoutQuery: input.checkoutQuery,
  });
}

/**
 * `threeDSecure` of spec 2.3. `ipAddress` stays empty: the browser cannot know its public address and
 * the checkout server fills it from the connection (DESIGN.md).
 */
export function buildThreeDSecure(input: ThreeDSecureInput): ThreeDSecureRequest {
  const { device, userAgent } = collectBrowserData(input.env);
  return { ...returnUrlsOf(input), userAgent, ipAddress: '', device };
}
