import type { Plugin } from 'vite';

/**
 * The embedding allow-list (EMBED_ALLOWED_ORIGINS, comma-separated exact origins). A wrong entry stops
 * the build rather than quietly opening or closing the checkout to a merchant.
 */
export function allowedEmbedOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const raw of (list ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    // Plain http only on this machine: on a network, anyone in the middle could drive the checkout.
    const secure =
      url?.protocol === 'https:' ||
      (url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
    if (!url || !secure || entry.replace(/\/$/, '') !== url.origin) {
      throw new Error(
        `EMBED_ALLOWED_ORIGINS: "${entry}" is not an origin like https://shop.example (http only on localhost)`,
      );
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

/** `connect-src` names the gateway's base only: same origin by default, or the origin of an absolute base. */
export function apiConnectSource(apiBaseUrl: string | undefined): string {
  if (!apiBaseUrl || !/^https?:\/\//.test(apiBaseUrl)) return "'self'";
  return `'self' ${new URL(apiBaseUrl).origin}`;
}

export interface PolicyOptions {
  connectSrc: string;
  /** Who may frame this response: the allow-list on /embed, nobody else elsewhere. */
  frameAncestors: readonly string[];
}

/**
 * No inline script or style, no eval, nothing from other origins; the mock's service worker is a
 * same-origin script, so `worker-src 'self'` lets the designers' build run under the same policy.
 */
export function contentSecurityPolicy({ connectSrc, frameAncestors }: PolicyOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

export function isEmbedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/embed' || path === '/embed/';
}

/**
 * Applied by `vite preview` (and so by the e2e suite and Lighthouse). Not by the dev server, whose
 * React refresh preamble is an inline script. Production hosting sends the same headers (README).
 */
export function securityHeaders(options: { allowedOrigins: readonly string[]; connectSrc: string }): Plugin {
  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const embed = isEmbedPath(req.url ?? '');
        res.setHeader(
          'Content-Security-Policy',
          contentSecurityPolicy({
            connectSrc: options.connectSrc,
            frameAncestors: embed ? options.allowedOrigins : [],
          }),
        );
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
        next();
      });
    },
  };
}
