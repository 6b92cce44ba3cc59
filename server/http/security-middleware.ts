import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './http-env.ts';
import { headerList, setMissingHeaders } from './response-headers.ts';
import { apiSecurityHeaders, securityHeaders, type FrameAncestors } from './security-headers.ts';

export interface SecurityMiddlewareOptions {
  frameAncestors: (url: URL) => Promise<FrameAncestors>;
  hsts: boolean;
  /** `npm start`: Vite's dev HTML needs its inline preamble (by hash), injected styles and HMR's socket. */
  dev?: boolean;
}

/**
 * Sets the security headers on every response, after the handler, so no route can forget them. A header
 * the handler set itself is kept: a page with a narrower policy of its own (the mock bank's challenge,
 * whose form posts to the return URLs' origins) knows better than this default. A JSON answer of the API
 * gets the short policy of a response that is never a document.
 */
export function securityMiddleware(options: SecurityMiddlewareOptions): MiddlewareHandler<HttpEnv> {
  // Most responses (API, assets) may be framed by nobody: their headers are computed once.
  const unframed = headerList(securityHeaders({ frameAncestors: 'none', hsts: options.hsts }));
  const api = headerList(apiSecurityHeaders({ hsts: options.hsts }));
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') && isJson(c.res.headers.get('content-type'))) {
      setMissingHeaders(c, api);
      return;
    }
    const frameAncestors = await options.frameAncestors(new URL(c.req.url));
    const dev = options.dev ? { scriptHashes: c.get('cspScriptHashes') ?? [] } : undefined;
    const headers =
      frameAncestors === 'none' && !dev
        ? unframed
        : headerList(securityHeaders({ frameAncestors, hsts: options.hsts, ...(dev ? { dev } : {}) }));
    setMissingHeaders(c, headers);
  };
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.startsWith('application/json');
}
