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

/** Sets the security headers on every response, after the handler, so no route can forget them. */
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
    setResponseHeaders(c, headers);
  };
}
