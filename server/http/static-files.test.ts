import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONFIG_ELEMENT_ID, SESSION_ELEMENT_ID } from '../../contract/page-data.ts';
import { jsonForHtml } from './page-data.ts';
import { safeFilePath, preferredEncoding } from './static-files.ts';
import { TEST_SESSION_ID, testHttpApp } from '../test/test-http-app.ts';

const HTML = { Accept: 'text/html,application/xhtml+xml' };

function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('static files', () => {
  it('caches hashed assets for a year and revalidates everything else', async () => {
    const { app } = testHttpApp();
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const css = await app.request('/assets/index-abc123.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    const loader = await app.request('/embed.js');
    expect(loader.headers.get('Cache-Control')).toBe('no-cache');
    const page = await app.request('/', { headers: HTML });
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const favicon = await app.request('/favicon.svg');
    expect(favicon.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it('compresses for clients that accept it and answers 304 to a matching ETag', async () => {
    const { app } = testHttpApp();
    const gz = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toMatch(/^console\.log/);
    const br = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const etag = br.headers.get('ETag') ?? '';
    const again = await app.request('/assets/index-abc123.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('answers 404 for a missing asset, never the HTML', async () => {
    const { app } = testHttpApp();
    const missing = await app.request('/assets/index-old999.js', { headers: HTML });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
    expect((await app.request('/missing.png')).status).toBe(404);
  });

  it('never serves outside the build, nor its dot-files', async () => {
    const { app } = testHttpApp();
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/.vite/manifest.json',
      '/assets/%00.js',
      '/%E0%A4%A.js',
    ]) {
      const res = await app.request(path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('outside the build');
    }
    expect(safeFilePath('/srv/dist', '/a/../../etc/passwd')).toBeNull();
    expect(safeFilePath('/srv/dist', '/assets/x.js')).toBe('/srv/dist/assets/x.js');
  });

  it('falls back to the app for navigations, not for /api or file-like paths', async () => {
    const { app } = testHttpApp();
    const route = await app.request('/simulator?lang=en', { headers: HTML });
    expect(route.status).toBe(200);
    const html = await route.text();
    expect(html).toContain('<div id="root">');
    expect(dataBlock(html, CONFIG_ELEMENT_ID)).toEqual({ mode: 'production', orders: 'session' });
    expect(dataBlock(html, SESSION_ELEMENT_ID)).toBeUndefined();
    const api = await app.request('/api/nothing-here', { headers: HTML });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      errors: [{ message: 'Not found.', parameter_name: null, type: 'not_found' }],
    });
    expect((await app.request('/robots.txt', { headers: { Accept: '*/*' } })).status).toBe(404);
    expect((await app.request('/simulator', { headers: { Accept: '*/*' } })).status).toBe(200);
  });

  it("puts the session into /pay/{id}'s HTML, and the frame-ancestors of its shops", async () => {
    const { app } = testHttpApp();
    for (const path of [
      `/pay/${TEST_SESSION_ID}`,
      `/pay/${TEST_SESSION_ID}/return?ref=x`,
      `/embed?session=${TEST_SESSION_ID}`,
    ]) {
      const res = await app.request(path, { headers: HTML });
      expect(res.status, path).toBe(200);
      const session = dataBlock(await res.text(), SESSION_ELEMENT_ID) as { id: string };
      expect(session.id).toBe(TEST_SESSION_ID);
      expect(res.headers.get('Content-Security-Policy')).toContain(
        "frame-ancestors 'self' https://all-shops.example https://this-shop.example",
      );
    }
    const home = await app.request('/', { headers: HTML });
    expect(home.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown session with the app, a null session and 404', async () => {
    const { app } = testHttpApp();
    for (const path of [
      '/pay/cs_UnknownUnknownUnknown00',
      '/pay/not-an-id',
      '/embed?session=nope',
      '/embed',
    ]) {
      const res = await app.request(path, { headers: HTML });
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(dataBlock(html, SESSION_ELEMENT_ID), path).toBeNull();
      expect(html).toContain('<div id="root">');
    }
  });

  it('refuses URL-parameter orders: 400 and the app, which asks for a new link', async () => {
    const { app } = testHttpApp();
    const res = await app.request('/?amount=100&description=Free', { headers: HTML });
    expect(res.status).toBe(400);
    expect(dataBlock(await res.text(), CONFIG_ELEMENT_ID)).toEqual({ mode: 'production', orders: 'session' });
    expect((await app.request('/?lang=en', { headers: HTML })).status).toBe(200);
    const simulator = await app.request('/simulator?amount=19000&installments=12&fees=customer', {
      headers: HTML,
    });
    expect(simulator.status).toBe(200);
  });

  it('escapes the injected JSON so no session text can end the script or open markup', async () => {
    const evil = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const { app } = testHttpApp({ title: evil });
    const html = await (await app.request(`/pay/${TEST_SESSION_ID}`, { headers: HTML })).text();
    const block =
      /<script type="application\/json" id="checkout-session">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(html.match(/<script/g)).toHaveLength(3);
    const session = JSON.parse(block) as { order: { items: { title: string }[] } };
    expect(session.order.items[0]?.title).toBe(evil);
    expect(jsonForHtml({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });
});
