import { describe, expect, it } from 'vitest';
import { testHttpApp } from '../test/test-http-app.ts';

describe('health', () => {
  it('/healthz answers while the process lives, whatever the database', async () => {
    const { app } = testHttpApp({ readiness: () => Promise.reject(new Error('down')) });
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('/readyz is 200 when the database and the gateway answer', async () => {
    const { app } = testHttpApp();
    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      ready: true,
      database: { ok: true },
      gateway: { ok: true },
    });
  });

  it('/readyz is 503 naming the part that failed', async () => {
    const { app } = testHttpApp({
      readiness: () =>
        Promise.resolve({ ready: false, database: { ok: true }, gateway: { ok: false, kind: 'network' } }),
    });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      ready: false,
      database: { ok: true },
      gateway: { ok: false, kind: 'network' },
    });
  });

  it('/readyz is 503 when the check itself throws, and while draining', async () => {
    const failing = testHttpApp({ readiness: () => Promise.reject(new Error('pool closed')) });
    expect((await failing.app.request('/readyz')).status).toBe(503);
    const draining = testHttpApp({ draining: () => true });
    const res = await draining.app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining', ready: false });
  });
});
