export interface RedirectPolicy {
  /** Origin of the page, e.g. `https://shop.example`. */
  pageOrigin: string;
  /** Mock mode: the mock's challenge page is served from the page's own origin, maybe over http. */
  allowPageOrigin: boolean;
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
