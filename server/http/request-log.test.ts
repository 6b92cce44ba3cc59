import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { HttpEnv } from './http-env.ts';
import { callerRequestId, requestLog } from './request-log.ts';
import { createLogger, type OwnId } from '../platform/logger.ts';
import { testHttpApp } from '../test/test-http-app.ts';

/** A UUID whose first three groups are 16 digits in a row, as a card number is written. */
const DIGIT_UUID = '12345678-1234-4123-8123-123456789012';

describe('request ids and access log', () => {
  it('logs one JSON line per request: method, path without query, status, duration, id', async () => {
    const { app, lines } = testHttpApp();
    const res = await app.request('/api/echo?reference=order-42&email=a@b.example', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'lb-1234abcd' },
      body: JSON.stringify({ card_number: '4111111111111111', card_cvv: '123' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('lb-1234abcd');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      path: '/api/echo',
      status: 200,
      request_id: 'lb-1234abcd',
    });
    expect(typeof line?.duration_ms).toBe('number');
    const text = JSON.stringify(lines);
    for (const secret of ['order-42', 'a@b.example', '4111', 'card_cvv', '?'])
      expect(text).not.toContain(secret);
  });

  it('replaces a missing or unsafe incoming id with a random one', async () => {
    const { app, lines } = testHttpApp();
    const res = await app.request('/healthz', { headers: { 'X-Request-Id': 'bad id {"level":"error"}' } });
    const id = res.headers.get('X-Request-Id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]?.request_id).toBe(id);
    const next = await app.request('/healthz');
    expect(next.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.headers.get('X-Request-Id')).not.toBe(id);
    expect(callerRequestId('short')).toBeUndefined();
    expect(callerRequestId('x'.repeat(129))).toBeUndefined();
    expect(callerRequestId('lb-1234abcd')).toBe('lb-1234abcd');
  });

  it('logs an id of its own as it is, even one that looks like a card number', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const app = new Hono<HttpEnv>();
    app.use(requestLog(log, () => DIGIT_UUID as OwnId));
    app.get('/x', (c) => {
      c.get('log').info('inside', {});
      return c.text('ok');
    });
    const res = await app.request('/x');
    expect(res.headers.get('X-Request-Id')).toBe(DIGIT_UUID);
    expect(lines.map((line) => line.request_id)).toEqual([DIGIT_UUID, DIGIT_UUID]);
  });

  it("adds a handler's fields to the request's one line, never in place of its own, and redacts them", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const app = new Hono<HttpEnv>();
    app.use(requestLog(log));
    app.post('/pay', (c) => {
      c.set('logFields', {
        attemptId: 'pa_1',
        status: 'paid',
        path: '/elsewhere',
        note: 'card 4111 1111 1111 1111',
      });
      return c.text('ok', 201);
    });
    expect((await app.request('/pay', { method: 'POST' })).status).toBe(201);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/pay',
      status: 201,
      attemptId: 'pa_1',
    });
    expect(JSON.stringify(lines)).not.toMatch(/4111.?1111/);
  });

  it("redacts a caller's id that looks like a card number in the log, and echoes it as sent", async () => {
    const { app, lines } = testHttpApp();
    const res = await app.request('/healthz', { headers: { 'X-Request-Id': '4111-1111-1111-1111' } });
    expect(res.headers.get('X-Request-Id')).toBe('4111-1111-1111-1111');
    expect(lines[0]?.request_id).toBe('••••1111');
    expect(JSON.stringify(lines)).not.toMatch(/4111.?1111/);
  });

  it('logs a failing handler as an error with its status, and answers the API error shape', async () => {
    const { app, lines } = testHttpApp();
    const res = await app.request('/api/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      errors: [{ message: 'Internal server error.', parameter_name: null, type: 'internal_error' }],
    });
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ level: 'error', status: 500 });
  });
});
