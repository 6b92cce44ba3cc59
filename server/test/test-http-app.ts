import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { PublicSession } from '../../contract/checkout-session.ts';
import { createFrameAncestorsResolver } from '../http/frame-ancestors.ts';
import { createHttpApp } from '../http/http-app.ts';
import type { ReadinessReport } from '../http/health.ts';
import { createLogger } from '../platform/logger.ts';
import { pagesHandler } from '../http/pages.ts';
import { createStaticFiles } from '../http/static-files.ts';

/** Test-only: the HTTP shell around a stub API, on a throw-away build folder. */
export const TEST_SESSION_ID = 'cs_TestSessionId000000000';

export const INDEX_HTML =
  '<!doctype html><html><head><title>Checkout</title></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-abc123.js"></script></body></html>';

export function makeDist(): string {
  const parent = mkdtempSync(join(tmpdir(), 'checkout-dist-'));
  writeFileSync(join(parent, 'secret.txt'), 'outside the build');
  const dist = join(parent, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{color:red}');
  writeFileSync(join(dist, 'embed.js'), '(function(){})();');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  return dist;
}

export function publicSession(title: string): PublicSession {
  return {
    id: TEST_SESSION_ID,
    status: 'open',
    expires_at: '2030-01-01T00:00:00.000Z',
    order: {
      amount: 15090,
      items: [{ title, unitPrice: 15090, quantity: 1, tangible: true }],
      methods: ['credit_card', 'pix'],
      maxInstallments: 12,
      threeDS: 'off',
      feesPaidBy: 'merchant',
    },
    customer: null,
    success_url: null,
    cancel_url: null,
    payment: null,
  };
}

export interface TestAppOptions {
  title?: string;
  readiness?: () => Promise<ReadinessReport>;
  draining?: () => boolean;
  hsts?: boolean;
}

export function testHttpApp(options: TestAppOptions = {}) {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const api = new Hono();
  api.post('/api/echo', async (c) => c.json({ length: (await c.req.text()).length }));
  api.get('/api/boom', () => {
    throw new Error('kaboom');
  });
  const session = publicSession(options.title ?? 'Shoes');
  const files = createStaticFiles(makeDist());
  const app = createHttpApp({
    log,
    checkReadiness:
      options.readiness ??
      (() => Promise.resolve({ ready: true, database: { ok: true }, gateway: { ok: true } })),
    draining: options.draining ?? (() => false),
    security: {
      hsts: options.hsts ?? false,
      frameAncestors: createFrameAncestorsResolver({
        allowedOrigins: ['https://all-shops.example'],
        sessionEmbedOrigins: (id) =>
          Promise.resolve(id === TEST_SESSION_ID ? ['https://this-shop.example'] : null),
        linkEmbedOrigins: () => Promise.resolve(null),
      }),
    },
    mounts: [(app) => app.route('/', api)],
    pages: pagesHandler({
      mode: 'production',
      files,
      loadSession: (id) => Promise.resolve(id === TEST_SESSION_ID ? session : null),
      template: async () => {
        const index = await files.find('/index.html');
        if (!index) throw new Error('no index.html');
        return new TextDecoder().decode(await index.body('identity'));
      },
    }),
  });
  return { app, lines };
}
