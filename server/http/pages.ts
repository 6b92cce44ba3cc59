import { createHash } from 'node:crypto';
import type { Context, Handler } from 'hono';
import type { PageConfig } from '../../contract/page-data.ts';
import type { ShopIdentity } from '../shop/shop-identity.ts';
import type { HttpEnv } from './http-env.ts';
import { renderSpaPage, type LoadPublicSession } from './spa-page.ts';
import { cacheControlFor, preferredEncoding, type StaticFiles } from './static-files.ts';

export interface PagesOptions {
  mode: PageConfig['mode'];
  loadSession: LoadPublicSession;
  /**
   * The shop now (server/shop/current-shop.ts: the console's identity over SHOP_*), for the shopper's header
   * and title; read at each page, so a change shows without a restart.
   */
  loadShop?: (() => Promise<ShopIdentity>) | undefined;
  /**
   * The app's HTML for a URL: dist/index.html, or Vite's transformed dev HTML; for the console's pages
   * (isConsolePage) the console's entry (dist/console/console.html, or console.html through Vite).
   */
  template: (url: URL) => Promise<string>;
  /** The production build; in development Vite has already answered every file before this handler. */
  files?: StaticFiles;
}

/** The merchant console's pages (`/console`, `/console/…`): their own HTML entry, no shopper page data. */
export function isConsolePage(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/');
}

/** A navigation, or a client that takes anything and asks for a path that is not a file name. */
export function wantsHtml(c: Context, pathname: string): boolean {
  const accept = c.req.header('accept') ?? '*/*';
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !/\.[A-Za-z0-9]+$/.test(pathname);
}

/** `'sha256-…'` of each inline script: in development the CSP allows exactly Vite's preamble. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const code = match[1] ?? '';
    if (code.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  return hashes;
}

function notFound(c: Context<HttpEnv>): Response {
  c.header('Cache-Control', 'no-cache');
  return c.text('Not found', 404);
}

/**
 * Everything that is not the API: the build's files, then the app's HTML (SPA fallback) with its page
 * data. Hashed assets that do not exist are a 404, never the HTML (a stale chunk must fail loudly).
 */
export function pagesHandler(options: PagesOptions): Handler<HttpEnv> {
  return async (c) => {
    const url = new URL(c.req.url);
    const { pathname } = url;
    const isIndex = pathname === '/' || pathname === '/index.html';
    if (options.files && !isIndex) {
      const file = await options.files.find(pathname);
      if (file) {
        c.header('Cache-Control', cacheControlFor(pathname));
        c.header('Content-Type', file.type);
        c.header('ETag', file.etag);
        if (file.compressible) c.header('Vary', 'Accept-Encoding');
        if (c.req.header('if-none-match') === file.etag) return c.body(null, 304);
        const encoding = preferredEncoding(c.req.header('accept-encoding'));
        const body = await file.body(encoding);
        if (file.compressible && encoding !== 'identity') c.header('Content-Encoding', encoding);
        c.header('Content-Length', String(body.length));
        return c.body(body);
      }
      if (pathname.startsWith('/assets/') || pathname.startsWith('/console/assets/')) return notFound(c);
    }
    if (!isIndex && !wantsHtml(c, pathname)) return notFound(c);

    if (isConsolePage(pathname)) {
      const html = await options.template(url);
      if (options.mode === 'development') c.set('cspScriptHashes', inlineScriptHashes(html));
      c.header('Cache-Control', 'no-cache');
      // Nothing of the console may be kept by a shared cache or indexed.
      c.header('X-Robots-Tag', 'noindex');
      return c.html(html);
    }

    const shop = await options.loadShop?.();
    const page = await renderSpaPage(url, await options.template(url), { ...options, shop });
    if (options.mode === 'development') c.set('cspScriptHashes', inlineScriptHashes(page.html));
    c.header('Cache-Control', 'no-cache');
    return c.html(page.html, page.status);
  };
}
