import { Hono } from 'hono';
import { resetMockStorage } from '../../mock-core/store.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { createMockGatewayApp } from '../mock-gateway/mock-gateway-app.ts';
import { serveOnFreePort } from './free-port.ts';

/**
 * How every answer misbehaves: `sane` is the mock as it is; the others let the mock act (a payment is
 * created) and then answer its JSON with a NUL and lone surrogates in its strings and keys (`nul`), with
 * surprise fields that are huge and deep (`surprise`), with 10 MB (`huge`), with a body that is not JSON
 * (`not-json`), with a 500 (`500`), or with an object of the wrong shape (`wrong-shape`).
 */
export const HOSTILE_MODES = ['sane', 'nul', 'surprise', 'huge', 'not-json', '500', 'wrong-shape'] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface GatewayCall {
  method: string;
  path: string;
  /** What the gateway answered (after the hostile rewrite). */
  status: number;
}

export interface HostileGateway {
  url: string;
  calls: GatewayCall[];
  setMode(mode: HostileMode): void;
  reset(): void;
  close(): Promise<void>;
}

function deepValue(levels: number): unknown {
  let value: unknown = 'bottom\u0000';
  for (let level = 0; level < levels; level += 1) value = { level, deeper: value };
  return value;
}

/** Puts NUL and a lone surrogate into every string and key of a JSON value. */
function poison(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\u0000\ud800`;
  if (Array.isArray(value)) return value.map(poison);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, entry]) => [
      [key, key === 'status' || key === 'payment_method' ? entry : poison(entry)],
      [`${key}\u0000\udc00`, poison(entry)],
    ]),
  );
}

function rewrite(mode: HostileMode, json: unknown): Response {
  const headers = { 'content-type': 'application/json' };
  const object = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};
  switch (mode) {
    case 'nul':
      return new Response(JSON.stringify(poison(json)), { status: 200, headers });
    case 'surprise':
      return new Response(
        JSON.stringify(
          Array.isArray(json)
            ? json.map((entry: unknown) => ({ ...(entry as object), surprise: deepValue(60) }))
            : { ...object, surprise: deepValue(60), big: 'y'.repeat(500_000), list: Array(5_000).fill(1) },
        ),
        { status: 200, headers },
      );
    case 'huge':
      return new Response(JSON.stringify({ ...object, padding: 'x'.repeat(10 * 1024 * 1024) }), {
        status: 200,
        headers,
      });
    case 'not-json':
      return new Response('<html>\u0000 not json', { status: 200, headers });
    case '500':
      return new Response('{"errors":[{"message":"\\u0000boom"}]}', { status: 500, headers });
    case 'wrong-shape':
      return new Response(JSON.stringify({ id: 'x\u0000', status: 7, amount: 'lots' }), {
        status: 200,
        headers,
      });
    case 'sane':
      return new Response(JSON.stringify(json), { status: 200, headers });
  }
}

/** The mock gateway on a real port, every answer rewritten by the current mode; every call recorded. */
export async function startHostileGateway(): Promise<HostileGateway> {
  const calls: GatewayCall[] = [];
  let mode: HostileMode = 'sane';
  const { server, origin: url } = await serveOnFreePort((origin) => routes(origin).fetch);
  function routes(url: string): Hono<ServerEnvBindings> {
    const mock = createMockGatewayApp({ publicBaseUrl: url });
    const app = new Hono<ServerEnvBindings>();
    app.use('*', async (c, next) => {
      const call: GatewayCall = { method: c.req.method, path: c.req.path, status: 0 };
      calls.push(call);
      await next();
      if (mode !== 'sane' && c.res.status >= 200 && c.res.status < 300) {
        const json: unknown = await c.res.json();
        c.res = rewrite(mode, json);
      }
      call.status = c.res.status;
    });
    app.route('/', mock);
    return app;
  }
  return {
    url,
    calls,
    setMode: (next) => {
      mode = next;
    },
    reset: () => {
      calls.length = 0;
      mode = 'sane';
      resetMockStorage();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
