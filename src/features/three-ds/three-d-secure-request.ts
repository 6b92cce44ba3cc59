import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import { collectBrowserData, type BrowserEnvironment } from './browser-device.ts';
import { buildHostReturnUrls, buildReturnUrls, type ReturnUrls } from './return-url.ts';
import { sessionHostReturnUrls, sessionReturnUrls } from './session-return-url.ts';

/** Where the bank sends the shopper back. */
type ReturnTo =
  /**
   * A checkout session: its own return pages on `origin`, or the merchant's page when embedded. No
   * reference: the server knows the session's latest attempt.
   */
  | { session: { id: string; origin: string; hostReturnUrl?: string | undefined } }
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
  if ('session' in input) {
    const { id, origin, hostReturnUrl } = input.session;
    return hostReturnUrl ? sessionHostReturnUrls(hostReturnUrl, id) : sessionReturnUrls(origin, id);
  }
  if (input.hostReturnUrl) return buildHostReturnUrls(input.hostReturnUrl, input.reference);
  return buildReturnUrls(input.origin, input.reference, {
    lang: input.lang,
    checkoutQuery: input.checkoutQuery,
  });
}

/**
 * `threeDSecure` of spec 2.3. `ipAddress` stays empty: the browser cannot know its public address and
 * the checkout server fills it from the connection (docs/decisions/045-the-session-decides.md).
 */
export function buildThreeDSecure(input: ThreeDSecureInput): ThreeDSecureRequest {
  const { device, userAgent } = collectBrowserData(input.env);
  return { ...returnUrlsOf(input), userAgent, ipAddress: '', device };
}
