import { Hono } from 'hono';
import type { HttpEnv } from './http-env.ts';
import { describe, expect, it } from 'vitest';
import { createFrameAncestorsResolver } from './frame-ancestors.ts';
import { contentSecurityPolicy, framablePage, securityHeaders } from './security-headers.ts';
import { parseEmbedOrigins } from '../../contract/embed-origins.ts';
import { securityMiddleware } from './security-middleware.ts';
import { requestLog } from './request-log.ts';
import { createLogger } from '../platform/logger.ts';

const SESSION = 'cs_AAAAAAAAAAAAAAAAAAAAAA';

function frameAncestorsOf(csp: string | undefined): string | undefined {
  return csp
    ?.split('; ')
    .find((directive) => directive.startsWith('frame-ancestors'))
    ?.replace('frame-ancestors ', '');
}

describe('security headers', () => {
  it('allows no inline script, style or eval in production', () => {
    const csp = contentSecurityPolicy({ frameAncestors: 'none' });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|ws:/);
    expect(csp).toContain("object-src 'none'");
    expect(frameAncestorsOf(csp)).toBe("'none'");
  });

  it('in development allows exactly the hashed preamble, injected styles and the HMR socket', () => {
    const csp = contentSecurityPolicy({ frameAncestors: 'none', dev: { scriptHashes: ["'sha256-abc'"] } });
    expect(csp).toContain("script-src 'self' 'sha256-abc';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('ws: wss:');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends nosniff, referrer, permissions and opener policies, and HSTS only for https', () => {
    const plain = securityHeaders({ frameAncestors: 'none', hsts: false });
    expect(plain).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(plain['Permissions-Policy']).toContain('payment=(self)');
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ frameAncestors: 'none', hsts: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
  });

  it('reads EMBED_ALLOWED_ORIGINS strictly', () => {
    expect(parseEmbedOrigins(' https://a.example, http://localhost:5174/ ,https://a.example')).toEqual([
      'https://a.example',
      'http://localhost:5174',
    ]);
    expect(() => parseEmbedOrigins('http://shop.example')).toThrow(/http only on localhost/);
    expect(() => parseEmbedOrigins('https://shop.example/path')).toThrow();
    expect(parseEmbedOrigins(undefined)).toEqual([]);
  });

  it('knows which pages may be framed and the session they show', () => {
    const page = (path: string) => {
      const url = new URL(path, 'http://x');
      return framablePage(url.pathname, url.searchParams);
    };
    expect(page(`/embed?session=${SESSION}`)).toEqual({ kind: 'embed', sessionId: SESSION });
    expect(page('/embed')).toEqual({ kind: 'embed', sessionId: null });
    expect(page(`/pay/${SESSION}`)).toEqual({ kind: 'pay', sessionId: SESSION });
    expect(page(`/pay/${SESSION}/return?ref=1`)).toEqual({ kind: 'pay', sessionId: SESSION });
    expect(page('/l/Ab3_xY9-kLmN')).toEqual({ kind: 'link', sessionId: null, linkCode: 'Ab3_xY9-kLmN' });
    // A link's QR sheet and thank-you page are not for frames.
    expect(page('/l/Ab3_xY9-kLmN/qr')).toBeNull();
    expect(page('/l/Ab3_xY9-kLmN/thanks')).toBeNull();
    expect(page('/')).toBeNull();
    expect(page('/simulator')).toBeNull();
    expect(page(`/api/pay/${SESSION}`)).toBeNull();
  });
});

describe('frame-ancestors per response', () => {
  const lookups: string[] = [];
  const resolve = createFrameAncestorsResolver({
    allowedOrigins: ['https://all-shops.example'],
    sessionEmbedOrigins: (id) => {
      lookups.push(id);
      return Promise.resolve(id === SESSION ? ['https://this-shop.example'] : null);
    },
    linkEmbedOrigins: (code) => {
      lookups.push(code);
      return Promise.resolve(code === 'Ab3_xY9-kLmN' ? ['https://link-shop.example'] : null);
    },
  });

  it('lets nobody frame ordinary pages, without a database read', async () => {
    lookups.length = 0;
    expect(await resolve(new URL('http://x/'))).toBe('none');
    expect(await resolve(new URL('http://x/simulator'))).toBe('none');
    expect(await resolve(new URL('http://x/assets/app.js'))).toBe('none');
    expect(lookups).toEqual([]);
  });

  it("unites EMBED_ALLOWED_ORIGINS and the session's embed_origins on its pages", async () => {
    const expected = { origins: ['https://all-shops.example', 'https://this-shop.example'] };
    expect(await resolve(new URL(`http://x/embed?session=${SESSION}`))).toEqual(expected);
    expect(await resolve(new URL(`http://x/pay/${SESSION}`))).toEqual(expected);
    expect(await resolve(new URL(`http://x/pay/${SESSION}/return`))).toEqual(expected);
  });

  it("unites EMBED_ALLOWED_ORIGINS and the link's embed_origins on the link's page", async () => {
    lookups.length = 0;
    expect(await resolve(new URL('http://x/l/Ab3_xY9-kLmN?instance=1'))).toEqual({
      origins: ['https://all-shops.example', 'https://link-shop.example'],
    });
    // The pages' own files and malformed codes cost no read.
    expect(await resolve(new URL('http://x/l/link-embed.js'))).toEqual({
      origins: ['https://all-shops.example'],
    });
    expect(lookups).toEqual(['Ab3_xY9-kLmN']);
  });

  it('gives an unknown or malformed session only the global list', async () => {
    lookups.length = 0;
    const global = { origins: ['https://all-shops.example'] };
    expect(await resolve(new URL('http://x/pay/cs_BBBBBBBBBBBBBBBBBBBBBB'))).toEqual(global);
    expect(await resolve(new URL('http://x/pay/..%2F..%2Fetc'))).toEqual(global);
    expect(await resolve(new URL('http://x/embed'))).toEqual(global);
    expect(lookups).toEqual(['cs_BBBBBBBBBBBBBBBBBBBBBB']);
  });

  it('still answers when the lookup fails', async () => {
    const failing = createFrameAncestorsResolver({
      allowedOrigins: [],
      sessionEmbedOrigins: () => Promise.reject(new Error('database down')),
      linkEmbedOrigins: () => Promise.reject(new Error('database down')),
    });
    expect(await failing(new URL(`http://x/pay/${SESSION}`))).toEqual({ origins: [] });
  });
});

describe('security middleware', () => {
  it("keeps a route's own narrower policy and fills in the rest", async () => {
    const app = new Hono();
    app.use(securityMiddleware({ hsts: true, frameAncestors: () => Promise.resolve('none') }));
    app.get('/challenge', (c) => {
      c.header('Content-Security-Policy', "default-src 'none'; form-action 'self' https://shop.example");
      return c.text('bank');
    });
    app.get('/plain', (c) => c.text('plain'));
    const own = await app.request('/challenge');
    expect(own.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; form-action 'self' https://shop.example",
    );
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(own.headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    const plain = await app.request('/plain');
    expect(plain.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('gives a JSON answer of the API the short policy of a response that is never a document', async () => {
    const app = new Hono();
    let asked = 0;
    app.use(
      securityMiddleware({
        hsts: true,
        frameAncestors: () => {
          asked += 1;
          return Promise.resolve('none');
        },
      }),
    );
    app.get('/api/v1/thing', (c) => c.json({ ok: true }));
    app.get('/api/v1/page', (c) => c.html('<p>not json</p>'));
    const json = await app.request('/api/v1/thing');
    expect(Object.fromEntries(json.headers)).toEqual({
      'content-type': 'application/json',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(asked).toBe(0);
    // Anything else under /api that is not JSON keeps the whole set.
    const html = await app.request('/api/v1/page');
    expect(html.headers.get('Permissions-Policy')).toContain('payment=(self)');
    expect(html.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('sets them on an answer whose headers are immutable, by a copy, with the request id', async () => {
    const app = new Hono<HttpEnv>();
    app.use(requestLog(createLogger('silent')));
    app.use(securityMiddleware({ hsts: false, frameAncestors: () => Promise.resolve('none') }));
    app.get('/api/v1/moved', () => Response.redirect('https://elsewhere.example/', 302));
    app.get('/api/v1/thing', (c) => c.json({ ok: true }));
    const moved = await app.request('/api/v1/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('Location')).toBe('https://elsewhere.example/');
    expect(moved.headers.get('Permissions-Policy')).toContain('payment=(self)');
    expect(moved.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    const json = await app.request('/api/v1/thing');
    expect([...json.headers.keys()]).toEqual([
      'content-security-policy',
      'content-type',
      'x-content-type-options',
      'x-request-id',
    ]);
  });
});
