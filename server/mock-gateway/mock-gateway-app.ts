import { Hono, type Context } from 'hono';
import { cardRequestSchema } from '../../contract/gateway/card.ts';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import { simulateFees } from '../../mock-core/fee-model.ts';
import {
  createTransaction,
  getTransaction,
  invalidRequest,
  listTransactions,
  type MockAnswer,
} from '../../mock-core/gateway.ts';
import { mockGatewayNow } from '../../mock-core/store.ts';
import { nodeBindings, type ServerEnvBindings } from '../http/bindings.ts';
import { challengeRoutes } from './challenge-routes.ts';

export interface MockGatewayOptions {
  /**
   * Absolute URL where this app is mounted as the shopper's browser reaches it (the server's public
   * origin + mount path): the 3DS challenge URL is built from it.
   */
  publicBaseUrl: string;
  /** Added before every answer; 0 by default so the bench measures the server, not the mock. */
  latencyMs?: number;
}

/** Mounted at this path of the checkout server when GATEWAY_URL is unset. */
export const MOCK_GATEWAY_PATH = '/__mock-gateway';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, ms);
    // A client that gave up (the checkout's time-out) releases the timer.
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The mock gateway's pure core (mock-core/, shared with the browser's MSW transport) served over real
 * HTTP, so in the default set-up a payment goes browser → server → gateway over the network like in
 * production. Any bearer token is accepted, but the header is required so the token path is exercised.
 */
export function createMockGatewayApp(options: MockGatewayOptions): Hono<ServerEnvBindings> {
  const app = new Hono<ServerEnvBindings>();
  const latencyMs = options.latencyMs ?? 0;

  async function respond(c: Context<ServerEnvBindings>, answer: MockAnswer): Promise<Response> {
    if (answer.kind === 'delay-then') {
      await sleep(answer.delayMs, c.req.raw.signal);
      if (c.req.raw.signal.aborted) return c.body(null, 503);
      return respond(c, answer.answer);
    }
    await sleep(latencyMs, c.req.raw.signal);
    if (answer.kind === 'network-error') {
      // A dropped connection, as a network failure looks to the caller: no status line at all.
      const socket = nodeBindings(c)?.incoming?.socket;
      if (socket?.destroy) socket.destroy();
      else throw new Error('mock gateway: network error');
      return c.body(null, 500);
    }
    c.header('Date', new Date(mockGatewayNow()).toUTCString());
    return c.json(answer.body as Record<string, unknown>, answer.status as 200);
  }

  app.route('/mock-bank', challengeRoutes());

  app.use('/v1/*', async (c, next) => {
    if (!/^Bearer \S+$/.test(c.req.header('authorization') ?? '')) {
      return c.json({ errors: [{ message: 'Missing bearer token', type: 'unauthorized' }] }, 401);
    }
    await next();
  });

  app.post('/v1/transactions', async (c) =>
    respond(
      c,
      createTransaction(await readJson(c), { now: mockGatewayNow(), origin: options.publicBaseUrl }),
    ),
  );
  app.get('/v1/transactions/:id', (c) =>
    respond(c, getTransaction(c.req.param('id'), { now: mockGatewayNow() })),
  );
  app.get('/v1/transactions', (c) => respond(c, listTransactions({ now: mockGatewayNow() })));
  app.post('/v1/cards', async (c) => {
    const parsed = cardRequestSchema.safeParse(await readJson(c));
    return respond(
      c,
      parsed.success ? { kind: 'json', status: 200, body: {} } : invalidRequest(parsed.error.issues),
    );
  });
  app.post('/v1/simulate/tax', async (c) => {
    const parsed = feeSimulationRequestSchema.safeParse(await readJson(c));
    return respond(
      c,
      parsed.success
        ? { kind: 'json', status: 200, body: simulateFees(parsed.data, new Date(mockGatewayNow())) }
        : invalidRequest(parsed.error.issues),
    );
  });
  app.notFound((c) => c.json({ errors: [{ message: 'Not found', type: 'not_found' }] }, 404));
  return app;
}
