/*
 * Who may frame the checkout: EMBED_ALLOWED_ORIGINS (the server at start, the Vite build) and a session's
 * own `embed_origins`. One strict reading everywhere, so an entry the server refuses is never quietly
 * dropped, or accepted, somewhere else.
 */

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * `https://shop.example` (a trailing slash allowed; plain http only on this machine, where no one sits in
 * the middle) → the origin; a path, user info, a wildcard or another scheme → undefined.
 */
export function exactOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname));
  // `new URL('https://a.example/x').origin` would quietly drop the path: insist the entry was an origin.
  if (!secure || url.hostname.includes('*') || value.replace(/\/$/, '') !== url.origin) return undefined;
  return url.origin;
}

/** A comma-separated list of exact origins; a wrong entry throws, naming it. */
export function parseEmbedOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const raw of (list ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const origin = exactOrigin(entry);
    if (!origin) {
      throw new Error(
        `EMBED_ALLOWED_ORIGINS: "${entry}" is not an exact origin such as https://shop.example (http only on localhost)`,
      );
    }
    origins.push(origin);
  }
  return [...new Set(origins)];
}
