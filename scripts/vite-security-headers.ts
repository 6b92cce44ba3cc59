import type { Plugin } from 'vite';
import { framablePage, securityHeaders } from '../server/http/security-headers.ts';

/**
 * `vite preview` (the designers' static build, the e2e suite, Lighthouse) sends the same headers as the
 * Node server, from the same module. Without a server there are no sessions, so `/embed` may be framed
 * by EMBED_ALLOWED_ORIGINS only. Not applied by Vite's own dev server: `npm start` is the Node server.
 */
export function securityHeadersPlugin(options: {
  allowedOrigins: readonly string[];
  connectSrc: string;
}): Plugin {
  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview');
        const framable = framablePage(url.pathname, url.searchParams)?.kind === 'embed';
        const headers = securityHeaders({
          connectSrc: options.connectSrc,
          frameAncestors: framable ? { origins: options.allowedOrigins } : 'none',
          hsts: false,
        });
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
