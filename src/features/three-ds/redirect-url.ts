export interface RedirectPolicy {
  /** Origin of the page, e.g. `https://shop.example`. */
  pageOrigin: string;
  /** Also follow URLs of the page's own origin, whatever their scheme (see `checkoutRedirectPolicy`). */
  allowPageOrigin: boolean;
}

/**
 * What the checkout follows: `https:` anywhere, and its own origin. The own origin is where the mock
 * gateways put their bank page — the designers' in-browser mock and the checkout server's in-process
 * mock (`/__mock-gateway/mock-bank/…`) alike, over plain http in development and tests. Going there
 * never leaves our own site, so it cannot be a phishing page (docs/decisions/054-own-origin-bank-url.md).
 */
export function checkoutRedirectPolicy(): RedirectPolicy {
  return { pageOrigin: window.location.origin, allowPageOrigin: true };
}

/**
 * The one gate before sending the shopper away: only `https:` (or, in mock mode, the page's own
 * origin). `javascript:`, `data:`, `http:` elsewhere, relative, malformed or missing → undefined.
 */
export function safeRedirectUrl(raw: unknown, policy: RedirectPolicy): URL | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  let url: URL;
  try {
    // No base: a relative URL is malformed here, never resolved against the page.
    url = new URL(raw);
  } catch {
    return undefined;
  }
  // Credentials in a URL are a phishing trick (`https://bank.com@evil.example`).
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:' && url.hostname !== '') return url;
  // Opaque origins are all "null": a `javascript:` URL must not match a sandboxed page's origin.
  const ownOrigin =
    (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === policy.pageOrigin;
  if (policy.allowPageOrigin && ownOrigin) return url;
  return undefined;
}
