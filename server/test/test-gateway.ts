import { Hono } from 'hono';
import { mockGatewayNow, resetMockStorage } from '../../mock-core/store.ts';
import { nodeBindings, type ServerEnvBindings } from '../http/bindings.ts';
import { createMockGatewayApp } from '../mock-gateway/mock-gateway-app.ts';
import { serveOnFreePort } from './free-port.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * How `POST /v1/transactions` misbehaves: `down` drops the connection before anything is created,
 * `hang` never answers, `500` answers 500 without creating, `500-after-create` and `malformed-200`
 * create the transaction at the mock and then answer 500 / a body that fails the schema.
 */
/**
 * On creating a transaction, except: `slow-reads`: reading one waits until the test lets it go on
 * (`release('reads')`); `stale-slow-reads`: a read takes its snapshot at once and answers once let go (a read
 * that began before a change and ends after it); `operations-500-after-apply`: a capture or refund waits
 * until let go (`release('operations')`), is applied, then answered 500 — the test orders them, not a time.
 * The hostile ones create the transaction and then answer it with a NUL and a lone surrogate in its strings
 * and keys plus a deep surprise field (`hostile-200`), or with 10 MB of JSON (`huge-200`). `unreliable`: of
 * every ten creations, one never answers (not created), one has its connection reset (not created), one is
 * created and then its connection reset, one is created and answered 2.5 s later (after a short client
 * time-out gave up) — half of the faults charged — and six go through. `rate-limited`: every GET (a read, a
 * list, an installment schedule) is answered 429 with `Retry-After: 2`; POSTs go through.
 */
export type Fault =
  | 'down'
  | 'hang'
  | '500'
  | '500-after-create'
  | 'malformed-200'
  | 'slow-reads'
  | 'stale-slow-reads'
  | 'operations-500-after-apply'
  | 'hostile-200'
  | 'huge-200'
  | 'echo-400'
  | 'unreliable'
  | 'rate-limited'
  | 'installments-down';

/** The created transaction as a hostile gateway would echo it: still the schema's shape. */
function hostileBody(json: Record<string, unknown>): string {
  const card = (json.card ?? {}) as Record<string, unknown>;
  let deep: unknown = 'bottom\u0000';
  for (let level = 0; level < 40; level += 1) deep = { level, deeper: deep };
  const text = JSON.stringify({
    ...json,
    card: { ...card, card_holder_name: 'ANA__NUL__SILVA', brand: 'visa__SURROGATE__' },
    surprise__NUL__key: 'x'.repeat(100_000),
    surprise_deep: deep,
    note: 'a__NUL__b__SURROGATE__c',
  });
  return text.replaceAll('__NUL__', '\\u0000').replaceAll('__SURROGATE__', '\\ud800');
}

/** What the waiting faults hold until the test releases it. */
export type Held = 'reads' | 'operations';

interface Gate {
  opened: Promise<void>;
  open(): void;
  /** Opened by a reset, not by the test: what it held belongs to a test that has ended. */
  superseded: boolean;
}

function gate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open, superseded: false };
}

/**
 * Until the gate opens, or the caller gives up on the request (nothing then waits for the answer). True when
 * a reset opened it: the request is answered 503 and never reaches the mock, whose storage is the next test's
 * now.
 */
async function held(gates: Record<Held, Gate>, kind: Held, signal: AbortSignal): Promise<boolean> {
  const holding = gates[kind];
  await Promise.race([
    holding.opened,
    new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })),
  ]);
  return holding.superseded;
}

const SUPERSEDED = { errors: [{ message: 'held by a test that has ended' }] };

export interface TestGateway {
  url: string;
  requests: RecordedRequest[];
  posts(): RecordedRequest[];
  setFault(fault: Fault | undefined): void;
  /** Several faults at once (each on its own kind of request). */
  setFaults(faults: readonly Fault[]): void;
  /** Forgets the recorded requests only (the mock's transactions stay). */
  clearRequests(): void;
  /** Forgets requests, fault and the mock's transactions. */
  reset(): void;
  /** Requests that arrived and are not answered yet (a late answer still to land). */
  inFlight(): number;
  /** Moves the gateway's clock on (back to the real one on reset): a processing card settles at once. */
  advance(ms: number): void;
  /**
   * Lets the requests a waiting fault holds go on — `reads` (`slow-reads`, `stale-slow-reads`) or
   * `operations` (`operations-500-after-apply`) — and those that come later pass, until `reset`.
   */
  release(held: Held): void;
  close(): Promise<void>;
}

/**
 * The mock gateway on a port of its own (the server calls it over HTTP like a real gateway), with every
 * request recorded as it arrived and optional faults on transaction creation.
 */
export async function startTestGateway(): Promise<TestGateway> {
  const requests: RecordedRequest[] = [];
  let fault: Fault | undefined;
  let extra = new Set<Fault>();
  let unanswered = 0;
  let aheadMs = 0;
  let gates: Record<Held, Gate> = { reads: gate(), operations: gate() };
  const has = (wanted: Fault) => fault === wanted || extra.has(wanted);
  const { server, origin: url } = await serveOnFreePort((origin) => routes(origin).fetch);
  function routes(url: string): Hono<ServerEnvBindings> {
    const mock = createMockGatewayApp({ publicBaseUrl: url, now: () => mockGatewayNow() + aheadMs });
    const app = new Hono<ServerEnvBindings>();
    app.use('*', async (c, next) => {
      requests.push({
        method: c.req.method,
        path: c.req.path,
        headers: Object.fromEntries(c.req.raw.headers.entries()),
        body: c.req.method === 'POST' ? await c.req.raw.clone().text() : '',
      });
      unanswered += 1;
      try {
        await next();
      } finally {
        unanswered -= 1;
      }
    });
    app.use('*', async (c, next) => {
      if (has('rate-limited') && c.req.method === 'GET')
        return c.json({ errors: [{ message: 'too many requests' }] }, 429, { 'retry-after': '2' });
      return next();
    });
    let creations = 0;
    app.post('/v1/transactions', async (c, next) => {
      if (fault === 'unreliable') {
        const turn = creations++ % 10;
        const reset = () => nodeBindings(c)?.incoming?.socket?.destroy?.();
        if (turn === 0) {
          await new Promise<void>((resolve) => c.req.raw.signal.addEventListener('abort', () => resolve()));
          return c.body(null, 503);
        }
        if (turn === 1) {
          reset();
          return c.body(null, 500);
        }
        await next();
        if (turn === 2) reset();
        if (turn === 3) await new Promise((resolve) => setTimeout(resolve, 2_500));
        return undefined;
      }
      if (fault === 'down') {
        nodeBindings(c)?.incoming?.socket?.destroy?.();
        return c.body(null, 500);
      }
      if (fault === 'hang') {
        await new Promise<void>((resolve) => {
          c.req.raw.signal.addEventListener('abort', () => resolve());
        });
        return c.body(null, 503);
      }
      if (fault === '500') return c.json({ errors: [{ message: 'boom' }] }, 500);
      // A gateway that quotes the card back in its refusal.
      if (fault === 'echo-400') {
        const message = 'Card 4111 1111 1111 1111 refused: security code 7391, expiry 09/31';
        return c.json({ errors: [{ message, parameter_name: 'card', type: 'invalid_parameter' }] }, 400);
      }
      await next();
      if (fault === '500-after-create') c.res = c.json({ errors: [{ message: 'boom' }] }, 500);
      if (fault === 'malformed-200') c.res = c.json({ ok: true }, 200);
      if (fault === 'hostile-200') {
        const created = (await c.res.json()) as Record<string, unknown>;
        c.res = new Response(hostileBody(created), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (fault === 'huge-200') {
        const created = (await c.res.json()) as Record<string, unknown>;
        c.res = new Response(JSON.stringify({ ...created, padding: 'x'.repeat(10 * 1024 * 1024) }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
    });
    app.get('/v1/transactions/:id', async (c, next) => {
      if (has('slow-reads') && (await held(gates, 'reads', c.req.raw.signal))) return c.json(SUPERSEDED, 503);
      await next();
      if (has('stale-slow-reads') && (await held(gates, 'reads', c.req.raw.signal))) {
        c.res = c.json(SUPERSEDED, 503);
      }
      return undefined;
    });
    // `installments-down`: the installments read answers 503 (an outage the receivables job must survive).
    app.get('/v1/transactions/:id/installments', async (c, next) => {
      if (has('installments-down')) return c.json({ errors: [{ message: 'unavailable' }] }, 503);
      await next();
      return undefined;
    });
    for (const operation of ['capture', 'refund']) {
      app.post(`/v1/transactions/:id/${operation}`, async (c, next) => {
        if (!has('operations-500-after-apply')) return next();
        if (await held(gates, 'operations', c.req.raw.signal)) return c.json(SUPERSEDED, 503);
        await next();
        c.res = c.json({ errors: [{ message: 'boom after applying' }] }, 500);
        return undefined;
      });
    }
    app.route('/', mock);
    return app;
  }
  return {
    url,
    requests,
    posts: () =>
      requests.filter((request) => request.method === 'POST' && request.path === '/v1/transactions'),
    setFault: (next) => {
      fault = next;
      extra = new Set();
    },
    setFaults: (next) => {
      fault = undefined;
      extra = new Set(next);
    },
    clearRequests: () => {
      requests.length = 0;
    },
    inFlight: () => unanswered,
    advance: (ms) => {
      aheadMs += ms;
    },
    release: (kind) => gates[kind].open(),
    reset: () => {
      aheadMs = 0;
      for (const open of Object.values(gates)) {
        open.superseded = true;
        open.open();
      }
      gates = { reads: gate(), operations: gate() };
      requests.length = 0;
      fault = undefined;
      extra = new Set();
      resetMockStorage();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
