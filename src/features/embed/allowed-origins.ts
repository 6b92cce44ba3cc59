/**
 * The embedding allow-list: the same comma-separated list feeds `frame-ancestors` (vite.config.ts) and
 * the message checks here. Only exact origins are accepted, no wildcards, so one typo cannot open
 * the checkout to every site.
 */
export function parseAllowedOrigins(list: string | undefined): string[] {
  if (!list) return [];
  const origins: string[] = [];
  for (const entry of list.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const origin = exactOrigin(trimmed);
    if (origin) origins.push(origin);
  }
  return [...new Set(origins)];
}

/** `https://shop.example` (or http on localhost, for development); paths, users and wildcards are refused. */
export function exactOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  // Plain http only on this machine: on a network, anyone in the middle could drive the checkout.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
  if (url.username || url.password || url.hostname.includes('*')) return undefined;
  // `new URL('https://a.example/x').origin` would quietly drop the path: insist the entry was an origin.
  if (value.replace(/\/$/, '') !== url.origin) return undefined;
  return url.origin;
}

/** The app's own origin may always embed it (e.g. a merchant page served by the same host). */
export function isAllowedOrigin(origin: string, allowed: readonly string[], ownOrigin: string): boolean {
  return origin === ownOrigin || allowed.includes(origin);
}
