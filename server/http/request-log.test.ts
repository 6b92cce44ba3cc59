import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-log.ts';
import { testHttpApp } from '../test/test-http-app.ts';

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
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
    expect(requestIdFrom('short')).not.toBe('short');
    expect(requestIdFrom('x'.repeat(129))).toHaveLength(36);
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
