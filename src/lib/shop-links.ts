const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A shop URL the checkout may send the shopper to: https, or http on this machine (development). The
 * server validated it when the session was made; checking again here means a bad value can never
 * become a `javascript:` link or a page on a network where anyone could tamper with it.
 */
function safeShopUrl(raw: string | null | undefined): URL | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK.includes(url.hostname)) return url;
  return undefined;
}

/** "Back to the shop" after a payment: the session's `success_url` with `session_id`, so the shop can look it up. */
export function successHref(successUrl: string | null | undefined, sessionId: string): string | undefined {
  const url = safeShopUrl(successUrl);
  if (!url) return undefined;
  url.searchParams.set('session_id', sessionId);
  return url.href;
}

/** "Cancel and go back to the shop": `cancel_url` as the shop gave it. */
export function cancelHref(cancelUrl: string | null | undefined): string | undefined {
  return safeShopUrl(cancelUrl)?.href;
}
