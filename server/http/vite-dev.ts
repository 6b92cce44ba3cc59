import { isAbsolute, relative, resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { securityHeaders } from './security-headers.ts';

export interface ViteDev {
  /** Vite's HTML for a URL (React refresh preamble, HMR client), from index.html read afresh. */
  template(url: URL): Promise<string>;
  /** Vite answers modules and files first; navigations and the API go on to the Hono app. */
  listener(next: RequestListener): RequestListener;
  close(): Promise<void>;
}

/** Requests Vite must never see: the API, the mock gateway and the health checks are the server's. */
function isServerPath(path: string): boolean {
  return /^\/(api|__mock-gateway|healthz|readyz)(\/|\?|$)/.test(path);
}

/** A browser navigation (or a client asking for HTML): the server renders the page and its data. */
function isNavigation(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

/**
 * `npm start`: Vite in middleware mode inside the server's own process and port, so the app keeps hot
 * reload while the API, the session pages and the mock gateway are the real server. Vite is imported
 * here only, on demand: the production server never loads it (it is a dev dependency).
 */
export async function startViteDev(options: {
  root: string;
  httpServer: Server;
  hsts: boolean;
  /** The embedded database's folder (DATA_DIR): never served, wherever it is. */
  dataDir: string;
}): Promise<ViteDev> {
  const data = relative(options.root, resolve(options.root, options.dataDir));
  const dataDeny = data.startsWith('..') || isAbsolute(data) ? [] : [`**/${data}/**`];
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: options.root,
    mode: 'development',
    appType: 'custom',
    // HMR's websocket shares the server's port instead of opening one of its own.
    // Vite would serve any file under the root: never the embedded database, the server's code or
    // local settings.
    server: {
      middlewareMode: true,
      ws: { server: options.httpServer },
      fs: {
        deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.data/**', '**/server/**', '**/.git/**', ...dataDeny],
      },
    },
  });
  // Modules, styles and files: nobody frames them; the inline-script hashes matter only for HTML.
  const fileHeaders = securityHeaders({
    frameAncestors: 'none',
    hsts: options.hsts,
    dev: { scriptHashes: [] },
  });
  return {
    async template(url) {
      // The console has its own entry (console.html), so its code never joins the checkout's first load.
      const entry =
        url.pathname === '/console' || url.pathname.startsWith('/console/') ? 'console.html' : 'index.html';
      const html = await readFile(join(options.root, entry), 'utf8');
      return vite.transformIndexHtml(url.pathname + url.search, html);
    },
    listener(next) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const path = req.url ?? '/';
        const method = req.method ?? 'GET';
        if ((method !== 'GET' && method !== 'HEAD') || isServerPath(path) || isNavigation(req)) {
          next(req, res);
          return;
        }
        for (const [name, value] of Object.entries(fileHeaders)) res.setHeader(name, value);
        vite.middlewares(req, res, () => {
          next(req, res);
        });
      };
    },
    close: () => vite.close(),
  };
}
