import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './http-env.ts';
import { setResponseHeaders } from './response-headers.ts';
import { securityHeaders, type FrameAncestors } from './security-headers.ts';

export interface SecurityMiddlewareOptions {
  frameAncestors: (url: URL) => Promise<FrameAncestors>;
  hsts: boolean;
  /** `npm start`: Vite's dev HTML needs its inline preamble (by hash), injected styles and HMR's socket. */
  dev?: boolean;
}

/**
 * Sets the security headers on every response, after the handler, so no route can forget them. A header
 * the handler set itself is kept: a page with a narrower policy of its own (the mock bank's challenge,
 * whose form posts to the return URLs' origins) knows better than this default.
 */
export function securityMiddleware(options: SecurityMiddlewareOptions): MiddlewareHandler<HttpEnv> {
  // Most responses (API, assets) may be framed by nobody: their headers are computed once.
  const unframed = securityHeaders({ frameAncestors: 'none', hsts: options.hsts });
  return async (c, next) => {
    await next();
    const frameAncestors = await options.frameAncestors(new URL(c.req.url));
    const dev = options.dev ? { scriptHashes: c.get('cspScriptHashes') ?? [] } : undefined;
    const headers =
      frameAncestors === 'none' && !dev
        ? unframed
        : securityHeaders({ frameAncestors, hsts: options.hsts, ...(dev ? { dev } : {}) });
    const missing: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (!c.res.headers.has(name)) missing[name] = value;
    setResponseHeaders(c, missing);
  };
}
