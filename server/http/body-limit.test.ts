import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodySizeLimit, MAX_BODY_BYTES } from './body-limit.ts';
import { testHttpApp } from '../test/test-http-app.ts';

const TOO_LARGE = {
  errors: [
    {
      message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
      parameter_name: null,
      type: 'payload_too_large',
    },
  ],
};

describe('body-size limit', () => {
  it('takes a body up to the limit', async () => {
    const { app } = testHttpApp();
    const res = await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ length: MAX_BODY_BYTES });
  });

  it('refuses a larger one by Content-Length with 413 and the API error shape, and logs it', async () => {
    const { app, lines } = testHttpApp();
    const res = await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(lines[0]).toMatchObject({ path: '/api/echo', status: 413 });
  });

  it('refuses a larger chunked body while reading it', async () => {
    const { app } = testHttpApp();
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await app.request('/api/echo', {
      method: 'POST',
      body,
      headers: { 'Transfer-Encoding': 'chunked' },
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it('holds a body to the stricter of two stacked limits, whichever comes first, each with its own answer', async () => {
    const answer = (name: string) => (c: Context) => c.json({ refused_by: name }, 413);
    const stacked = (outer: number, inner: number) => {
      const app = new Hono();
      app.use(bodySizeLimit(outer, answer('outer')));
      app.use('/api/*', bodySizeLimit(inner, answer('inner')));
      app.post('/api/echo', async (c) => c.json({ length: (await c.req.text()).length }));
      return app;
    };
    const post = async (app: Hono, size: number) => {
      const res = await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(size) });
      return [res.status, await res.json()] as const;
    };
    expect(await post(stacked(100, 50), 60)).toEqual([413, { refused_by: 'inner' }]);
    expect(await post(stacked(100, 50), 120)).toEqual([413, { refused_by: 'outer' }]);
    expect(await post(stacked(100, 50), 50)).toEqual([200, { length: 50 }]);
    expect(await post(stacked(50, 100), 60)).toEqual([413, { refused_by: 'outer' }]);
    expect(await post(stacked(50, 50), 51)).toEqual([413, { refused_by: 'outer' }]);
    expect(await post(stacked(50, 100), 50)).toEqual([200, { length: 50 }]);
  });
});
