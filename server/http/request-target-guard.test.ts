import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../contract/plain-text.ts';
import { apiError } from './api-error.ts';
import { requestTargetGuard } from './request-target-guard.ts';

/** The guard as it was, through a URL object and segment by segment: the verdicts to keep. */
function urlObjectGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const segment of url.pathname.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return apiError(
          c,
          400,
          'The URL path is not valid percent-encoded UTF-8.',
          'invalid_parameter',
          'path',
        );
      }
      if (hasUnsafeText(decoded))
        return apiError(c, 400, `The URL path ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', 'path');
    }
    for (const [name, value] of url.searchParams) {
      if (hasUnsafeText(name))
        return apiError(c, 400, `Query parameter names ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', null);
      if (hasUnsafeText(value) || value.includes('\ufffd'))
        return apiError(c, 400, `${name} ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', name);
    }
    await next();
  };
}

function appWith(guard: MiddlewareHandler): Hono {
  const app = new Hono();
  app.use(guard);
  app.all('*', (c) => c.json({ ok: true }));
  return app;
}

async function verdict(app: Hono, target: string): Promise<string> {
  const res = await app.request(`http://localhost${target}`);
  return `${res.status} ${await res.text()}`;
}

const SEGMENTS = [
  'payments',
  '',
  '%00',
  '%1F',
  '%7F',
  '%C2%80',
  '%zz',
  '%',
  '%2',
  '%ED%A0%80',
  '%E2%82',
  '%E2%82%AC',
  '%F0%9F%98%80',
  '%2F',
  '%25',
  '%2e%2e',
  'é',
  'a b',
];
const QUERIES = [
  '',
  '?',
  '??a=1',
  '?a=%00',
  '?a=%zz',
  '?%00=1',
  '?a=b&c=%ED%A0%80',
  '?a=+%01',
  '?a=%E2%82%AC',
  '#frag?a=%00',
  '?a=1#%00',
];

describe('request target guard', () => {
  it('refuses what the URL-object version refused, with the same answer, and passes the rest', async () => {
    const now = appWith(requestTargetGuard());
    const before = appWith(urlObjectGuard());
    const targets: string[] = [];
    for (const first of SEGMENTS)
      for (const second of SEGMENTS)
        for (const query of QUERIES) targets.push(`/api/${first}/x/${second}${query}`);
    for (const target of targets)
      expect(await verdict(now, target), target).toBe(await verdict(before, target));
  });

  it('names the path or the parameter', async () => {
    const app = appWith(requestTargetGuard());
    expect(await verdict(app, '/api/v1/payments/%ED%A0%80')).toContain('"parameter_name":"path"');
    expect(await verdict(app, '/api/v1/payments?starting_after=%00')).toContain(
      '"parameter_name":"starting_after"',
    );
    expect(await verdict(app, '/api/pay/cs_1/v1/transactions')).toBe('200 {"ok":true}');
  });
});
