import type { Plugin } from 'vite';

/**
 * The static preview's deep pages, each a real folder with its own `index.html`, so any static host
 * serves `…/3ds/return/` (the bank's return), `…/simulator/` and `…/mock-bank/challenge/` with no rewrite
 * rule. The build uses relative URLs (`base: './'`): each copy points one folder up per level.
 */
export const STATIC_PAGES = ['3ds/return', 'simulator', 'mock-bank/challenge'] as const;

/** `./assets/x.js` seen from a page `depth` folders below the root. */
export function relativeToDepth(html: string, depth: number): string {
  const up = '../'.repeat(depth);
  return html.replace(/(\s(?:src|href)=")\.\//g, `$1${up}`);
}

export function staticPages(): Plugin {
  return {
    name: 'static-pages',
    enforce: 'post',
    // `vite preview` (npm run preview:mock, the e2e suite) answers any unknown path with the root's
    // index.html, whose `./assets/…` is wrong one folder down: a page's own path, slash or not, gets its
    // folder's copy instead, as a static host's folder redirect would.
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview');
        const page = STATIC_PAGES.find((p) => url.pathname === `/${p}`);
        if (page) req.url = `/${page}/${url.search}`;
        next();
      });
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      for (const page of STATIC_PAGES) {
        this.emitFile({
          type: 'asset',
          fileName: `${page}/index.html`,
          source: relativeToDepth(html, page.split('/').length),
        });
      }
    },
  };
}
