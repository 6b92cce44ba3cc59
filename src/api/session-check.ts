import type { GatewayError } from './gateway-error.ts';

/**
 * A failed payment request after which a checkout session's page must ask its server where things
 * stand, rather than show an error: the outcome is unknown (time-out, 502/504, an unreadable answer),
 * or the session moved on under the page — 409 (already paid, or an attempt still being resolved) and
 * 410 (expired). The server's answer then shows the result, the expiry, or that paying is safe.
 */
export function needsSessionCheck(error: GatewayError): boolean {
  return error.outcomeUnknown || error.status === 409 || error.status === 410;
}
