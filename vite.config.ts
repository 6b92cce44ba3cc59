/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { parseEmbedOrigins } from './contract/embed-origins.ts';
import { apiConnectSource } from './server/http/security-headers.ts';
import { embedLoader } from './scripts/vite-embed-loader.ts';
import { securityHeadersPlugin } from './scripts/vite-security-headers.ts';
import { staticPages } from './scripts/vite-static-pages.ts';

const require = createRequire(import.meta.url);

/**
 * The mock's service worker is served and emitted only in `--mode mock`, straight from the installed
 * msw package, so the production build cannot contain it and it never drifts from the library.
 */
function mockServiceWorker(): Plugin {
  const file = require.resolve('msw/mockServiceWorker.js');
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(file) });
    },
  };
}

/**
 * Hashed assets never change, so browsers may keep them for a year; the HTML must be revalidated so a
 * deploy is picked up at once. Production hosting should copy these headers (docs/performance.md).
 */
function cachingHeaders(): Plugin {
  return {
    name: 'caching-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? '';
        res.setHeader(
          'Cache-Control',
          path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  // '' prefix: read EMBED_ALLOWED_ORIGINS and PORT too; only VITE_* and the define below reach the bundle.
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env } as Record<string, string>;
  const isMock = mode === 'mock';
  // Who may embed /embed: the same list goes to frame-ancestors (preview) and to the app's message checks.
  const embedOrigins = parseEmbedOrigins(env.EMBED_ALLOWED_ORIGINS);
  const headers = securityHeadersPlugin({
    allowedOrigins: embedOrigins,
    connectSrc: apiConnectSource(env.VITE_API_BASE_URL),
  });
  return {
    plugins: [
      react(),
      cachingHeaders(),
      headers,
      embedLoader(),
      ...(isMock ? [mockServiceWorker(), staticPages()] : []),
    ],
    // The designers' preview goes on any static host, under any folder (`https://host/review/`): relative
    // URLs, and its deep pages as real folders (scripts/vite-static-pages.ts).
    base: isMock ? './' : '/',
    define: { 'import.meta.env.VITE_EMBED_ALLOWED_ORIGINS': JSON.stringify(embedOrigins.join(',')) },
    // `npm start` is the Node server (server/main.ts --dev), which runs Vite in middleware mode; the
    // gateway is reached only through that server, so Vite proxies nothing.
    // Build outputs and the embedded database are not sources: `npm test` beside `npm start` must not
    // make the dev server watch (and announce reloads of) every e2e build.
    server: {
      port: Number(env.PORT ?? 5173),
      strictPort: true,
      watch: {
        ignored: ['**/.e2e-dist/**', '**/dist/**', '**/dist-*/**', '**/.data/**', '**/test-results/**'],
      },
    },
    preview: { port: Number(env.PORT ?? 4173), strictPort: true },
    // No modulepreload polyfill (0.5 kB gzip of the first load): every browser we support preloads
    // modules natively, and one that does not still loads them when they are imported.
    build: {
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      manifest: true,
      modulePreload: { polyfill: false },
      // Everything the first paint needs in one file (the entry), not React and the JSX runtime in files
      // of their own because lazy chunks share them: every dynamic import then lists fewer files to
      // preload, and the first load is one request smaller: 99 983 → 99 113 B gzip, the same modules.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
    },
    test: {
      include: [
        'src/**/*.test.{ts,tsx}',
        'contract/**/*.test.ts',
        'mock-core/**/*.test.ts',
        'scripts/**/*.test.ts',
        'server/**/*.test.ts',
      ],
      environment: 'node',
      // One file per core (Vitest's default is one fewer: a single worker on a 2-core machine, the other core
      // left to PostgreSQL while the server's files mostly wait on it, on sockets and on child processes).
      // Three on two cores made time-sensitive files (graceful shutdown, the PGlite lock) fail under load.
      maxWorkers: Math.max(2, availableParallelism()),
      // A bound for a test that hangs, not a speed target: with two files at a time on two cores, a CPU-heavy
      // integration test (every spelling of a private address, the request-target guard) can pass 5 s.
      testTimeout: 20_000,
      // A file's set-up makes its database and runs every migration: seconds on a loaded machine.
      hookTimeout: 60_000,
      setupFiles: ['scripts/vitest-setup.ts'],
      globalSetup: ['scripts/vitest-global-setup.ts'],
      restoreMocks: true,
      // Test files share their worker's module graph: the server's modules are imported once per worker, not once
      // per file (Vitest's import time 166 → 44 s). The payments that failed this way were a keep-alive race
      // between the test gateway and the gateway client on one starved event loop, fixed in serveOnFreePort
      // (decision 347); a file must not leave state behind that the next one could see.
      isolate: false,
      // PGlite is WebAssembly: V8 recompiles its hot functions with TurboFan, ~3 s of CPU per test process that
      // ends before it pays back (docs/performance.md, "Test suite time"). Liftoff's code is enough for a test.
      execArgv: ['--liftoff-only'],
    },
  };
});
