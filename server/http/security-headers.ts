/**
 * The one source of the checkout's security headers: the Node server sends them on every response, and
 * `vite preview` (scripts/vite-security-headers.ts) on the static builds. Pure functions, no Node and no
 * Hono, so the Vite config (type-checked with the DOM lib) can import this file as it is.
 */

/** `connect-src` names the API base only: same origin by default, or the origin of an absolute base. */
export function apiConnectSource(apiBaseUrl: string | undefined): string {
  if (!apiBaseUrl || !/^https?:\/\//.test(apiBaseUrl)) return "'self'";
  return `'self' ${new URL(apiBaseUrl).origin}`;
}

/** Who may frame a response: nobody, or this origin plus exact origins. */
export type FrameAncestors = 'none' | { readonly origins: readonly string[] };

export interface PolicyOptions {
  /** Default `'self'`. */
  connectSrc?: string;
  frameAncestors: FrameAncestors;
  /**
   * Development only: the hashes (`'sha256-…'`) of the inline scripts Vite's dev HTML carries (React
   * refresh preamble), HMR's websocket and the style elements Vite's client inserts. Production never
   * sets it.
   */
  dev?: { scriptHashes: readonly string[] };
}

export function frameAncestorsDirective(frameAncestors: FrameAncestors): string {
  if (frameAncestors === 'none') return "frame-ancestors 'none'";
  return `frame-ancestors ${["'self'", ...frameAncestors.origins].join(' ')}`;
}

/**
 * No inline script or style, no eval, nothing from other origins. A `<script type="application/json">`
 * data block is not executed, so `script-src 'self'` does not need to allow it. `worker-src 'self'` lets
 * the designers' static build run its mock service worker under the same policy.
 */
export function contentSecurityPolicy({ connectSrc = "'self'", frameAncestors, dev }: PolicyOptions): string {
  const scriptSrc = ["'self'", ...(dev?.scriptHashes ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? `connect-src ${connectSrc} ws: wss:` : `connect-src ${connectSrc}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    frameAncestorsDirective(frameAncestors),
  ].join('; ');
}

export interface HeaderOptions extends PolicyOptions {
  /** Send Strict-Transport-Security: only when the public origin is https (PUBLIC_URL). */
  hsts: boolean;
}

/**
 * Every header but the CSP is the same on every response. Permissions-Policy keeps the Payment Request
 * API for this origin and turns off device features a checkout never needs. COOP cuts the window
 * relation to any page that opened the checkout; the embed is an iframe, which COOP does not affect.
 */
export function securityHeaders(options: HeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'payment=(self), camera=(), microphone=(), geolocation=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // A year, and no includeSubDomains: the merchant's other hosts are not ours to pin to https.
  if (options.hsts) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/**
 * A JSON answer of the API is never rendered as a document: the policy that matters is that it cannot
 * become one (no script, no framing) and is not sniffed. Permissions and opener policies act on documents
 * only. About 120 bytes instead of about 730 on every API answer (docs/decisions/146-constant-text-for-the-answer.md).
 */
export function apiSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  };
  if (options.hsts) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/** Pages that may be framed (by the allow-list) and the session or payment link they show. */
export type FramablePage =
  | { kind: 'embed' | 'pay'; sessionId: string | null }
  | { kind: 'link'; sessionId: null; linkCode: string };

/**
 * `/embed` (with `?session=`), `/pay/{id}` (and its return pages) and a payment link's page `/l/{code}`
 * (embedded with `{ link }`) may be framed; nothing else (the link's QR sheet and thank-you page neither).
 */
export function framablePage(pathname: string, search: URLSearchParams): FramablePage | null {
  const link = /^\/l\/([^/]+)$/.exec(pathname);
  if (link?.[1]) return { kind: 'link', sessionId: null, linkCode: link[1] };
  if (pathname === '/embed' || pathname === '/embed/') {
    return { kind: 'embed', sessionId: search.get('session') };
  }
  const pay = /^\/pay\/([^/]+)(?:\/.*)?$/.exec(pathname);
  if (pay?.[1]) return { kind: 'pay', sessionId: pay[1] };
  return null;
}
