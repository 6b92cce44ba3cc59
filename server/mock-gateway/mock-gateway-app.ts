import { Hono, type Context } from 'hono';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import { simulateFees } from '../../mock-core/fee-model.ts';
import {
  captureTransaction,
  createCard,
  createTransaction,
  getTransaction,
  invalidRequest,
  listTransactions,
  payPix,
  payBoleto,
  expireBoletoNow,
  waitingBoletoTransactions,
  refundTransaction,
  transactionHistory,
  transactionInstallments,
  waitingPixTransactions,
  type MockAnswer,
} from '../../mock-core/gateway.ts';
import {
  loadSettings,
  mockGatewayNow,
  moveGatewayTime,
  numberTransactionsAfter,
} from '../../mock-core/store.ts';
import { nodeBindings, type ServerEnvBindings } from '../http/bindings.ts';
import { challengeRoutes } from './challenge-routes.ts';
import { boletoPdf } from './boleto-pdf.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { CONTROL_PAGE_PATH, controlPage } from './control-page.ts';
import type { MockWebhooks } from './mock-webhooks.ts';

export interface MockGatewayOptions {
  /**
   * Absolute URL where this app is mounted as the shopper's browser reaches it (the server's public
   * origin + mount path): the 3DS challenge URL is built from it.
   */
  publicBaseUrl: string;
  /** The shop's name on the mock bank's page (SHOP_NAME). */
  merchantName?: string | undefined;
  /** Added before every answer; 0 by default so the bench measures the server, not the mock. */
  latencyMs?: number;
  /** The highest transaction id the checkout's database holds: new ids number on from it. */
  lastKnownTransactionId?: number;
  /** The webhooks this mock sends; their knobs are under `/control/webhooks`. */
  webhooks?: MockWebhooks;
  /**
   * The gateway's clock for its API (default `mockGatewayNow`: the device's, minus a designer's skew). Tests
   * move it on, so what settles after a while (a processing card, a PIX refund) settles without waiting.
   */
  now?: () => number;
  /**
   * The control page moved the mock's calendar (npm start): the checkout reads its receivables again at once
   * instead of on its own clock's schedule.
   */
  onTimeMoved?: () => void;
}

/** A `processing` card settles after this (mock-core); it is read then so its webhook goes out. */
const SETTLE_READ_MS = 4_100;

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
  const now = options.now ?? mockGatewayNow;
  const app = new Hono<ServerEnvBindings>();
  const latencyMs = options.latencyMs ?? 0;
  if (options.lastKnownTransactionId !== undefined) numberTransactionsAfter(options.lastKnownTransactionId);

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
    c.header('Date', new Date(now()).toUTCString());
    return c.json(answer.body as Record<string, unknown>, answer.status as 200);
  }

  app.route('/mock-bank', challengeRoutes(options.merchantName));

  // The printable boleto (`boleto_url`): public, as the family's own boleto links are.
  app.get('/boleto/:file', (c) => {
    const id = /^(\d{1,15})\.pdf$/.exec(c.req.param('file'))?.[1];
    const answer = id === undefined ? undefined : getTransaction(id, { now: now() });
    const transaction =
      answer?.kind === 'json' && answer.status === 200 ? (answer.body as Transaction) : undefined;
    if (transaction?.payment_method !== 'boleto')
      return c.json({ errors: [{ message: 'No boleto has this id', type: 'not_found' }] }, 404);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `inline; filename="boleto-${transaction.id}.pdf"`);
    return c.body(boletoPdf(transaction).buffer as ArrayBuffer);
  });

  app.use('/v1/*', async (c, next) => {
    if (!/^Bearer \S+$/.test(c.req.header('authorization') ?? '')) {
      return c.json({ errors: [{ message: 'Missing bearer token', type: 'unauthorized' }] }, 401);
    }
    await next();
  });

  app.post('/v1/transactions', async (c) => {
    const answer = createTransaction(await readJson(c), {
      now: now(),
      origin: options.publicBaseUrl,
    });
    if (options.webhooks && answer.kind === 'json' && answer.status === 200) {
      const created = answer.body as { id: number; status: string; threeDSecure?: unknown };
      if (created.status === 'processing' && !created.threeDSecure) {
        // processing → paid happens on a read in mock-core; read it then, so the change is announced.
        setTimeout(() => getTransaction(String(created.id), { now: now() }), SETTLE_READ_MS).unref();
      }
    }
    return respond(c, answer);
  });
  app.post('/v1/transactions/:id/capture', async (c) =>
    respond(c, captureTransaction(c.req.param('id'), await readJson(c), { now: now() })),
  );
  app.post('/v1/transactions/:id/refund', async (c) =>
    respond(c, refundTransaction(c.req.param('id'), await readJson(c), { now: now() })),
  );
  app.get('/v1/transactions/:id/installments', (c) =>
    respond(c, transactionInstallments(c.req.param('id'), { now: now() })),
  );
  app.get('/v1/transactions/:id/history', (c) =>
    respond(c, transactionHistory(c.req.param('id'), { now: now() })),
  );
  app.get('/v1/transactions/:id', (c) => respond(c, getTransaction(c.req.param('id'), { now: now() })));
  app.get('/v1/transactions', (c) => {
    const positive = (name: string) => {
      const value = Number(c.req.query(name));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    };
    return respond(
      c,
      listTransactions(
        { now: now() },
        {
          page: positive('page'),
          perPage: positive('per_page'),
          createdFrom: c.req.query('created_from'),
          createdTo: c.req.query('created_to'),
        },
      ),
    );
  });
  app.post('/v1/cards', async (c) => respond(c, createCard(await readJson(c), { now: now() })));
  app.post('/v1/simulate/tax', async (c) => {
    const parsed = feeSimulationRequestSchema.safeParse(await readJson(c));
    return respond(
      c,
      parsed.success
        ? { kind: 'json', status: 200, body: simulateFees(parsed.data, new Date(now())) }
        : invalidRequest(parsed.error.issues),
    );
  });
  // Designer and test controls (only in the mock: a real gateway has none of these).
  // The control page posts plain forms and is sent back to itself; scripts and tests post JSON.
  const fromForm = (c: Context) =>
    (c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  const backToPage = (c: Context) => c.redirect(c.req.path.replace(/\/control\/.*$/, '/control/'), 303);
  // Another site must not drive the mock by a form post (a page on the internet could pay a PIX code or
  // turn webhooks off in a designer's running `npm start`): the browser says where a request comes from
  // (Sec-Fetch-Site; Origin where it is missing). Same site — the checkout on another local port — and
  // scripts (no such headers) are let through.
  app.use('/control/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isCrossSite(c.req.raw)) {
      return c.json(
        { errors: [{ message: 'Mock controls accept no requests from another site', type: 'forbidden' }] },
        403,
      );
    }
    await next();
  });
  app.get(CONTROL_PAGE_PATH, (c) =>
    c.html(
      controlPage(
        options.webhooks,
        waitingPixTransactions(now()),
        waitingBoletoTransactions(now()),
        loadSettings().gatewayDaysAhead,
      ),
    ),
  );
  // The mock's calendar moved forward (card installments fall due on it) or back to today.
  app.post('/control/time', async (c) => {
    const form = fromForm(c)
      ? await c.req.parseBody()
      : ((await readJson(c)) as Record<string, unknown> | undefined);
    const days = Number(form?.days);
    if (!Number.isInteger(days) || days < 0 || days > 400)
      return c.json(
        { errors: [{ message: 'days is a whole number from 0 to 400', type: 'invalid_parameter' }] },
        400,
      );
    const ahead = moveGatewayTime(days);
    options.onTimeMoved?.();
    if (fromForm(c)) return backToPage(c);
    return c.json({ days_ahead: ahead, now: new Date(now()).toISOString() });
  });
  app.post('/control/pix/:id/pay', (c) => {
    const paid = payPix(c.req.param('id'), now());
    if (fromForm(c)) return backToPage(c);
    return paid
      ? c.json(paid)
      : c.json({ errors: [{ message: 'No open PIX charge has this id', type: 'not_found' }] }, 404);
  });
  // The open boletos, for the designer panel under `npm start` (src/mock/boleto-controls.tsx).
  app.get('/control/boletos', (c) => c.json(waitingBoletoTransactions(now())));
  // Boletos: the bank's side of paying one, and the gateway ending one whose due date is over.
  for (const [action, move] of [
    ['pay', payBoleto],
    ['expire', expireBoletoNow],
  ] as const) {
    app.post(`/control/boleto/:id/${action}`, (c) => {
      const moved = move(c.req.param('id'), now());
      if (fromForm(c)) return backToPage(c);
      return moved
        ? c.json(moved)
        : c.json({ errors: [{ message: 'No open boleto has this id', type: 'not_found' }] }, 404);
    });
  }
  app.get('/control/webhooks', (c) => c.json(options.webhooks?.settings ?? null));
  app.post('/control/webhooks', async (c) => {
    const hooks = options.webhooks;
    if (!hooks)
      return c.json({ errors: [{ message: 'This mock sends no webhooks', type: 'not_found' }] }, 404);
    if (fromForm(c)) {
      // A checkbox left unticked is absent from the form: absent means off.
      const form = await c.req.parseBody();
      for (const key of ['drop', 'duplicate', 'reorder'] as const) hooks.settings[key] = form[key] === 'on';
      const delay = Number(form.delayMs);
      if (Number.isInteger(delay) && delay >= 0 && delay <= 600_000) hooks.settings.delayMs = delay;
      return backToPage(c);
    }
    const body = await readJson(c);
    if (body !== null && typeof body === 'object') {
      const given = body as Record<string, unknown>;
      for (const key of ['drop', 'duplicate', 'reorder'] as const) {
        if (typeof given[key] === 'boolean') hooks.settings[key] = given[key];
      }
      if (typeof given.delayMs === 'number' && given.delayMs >= 0) hooks.settings.delayMs = given.delayMs;
    }
    return c.json(hooks.settings);
  });
  app.notFound((c) => c.json({ errors: [{ message: 'Not found', type: 'not_found' }] }, 404));
  return app;
}

/** A request a browser sent from another site, by its Sec-Fetch-Site or, without one, its Origin. */
function isCrossSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'cross-site';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).hostname !== new URL(request.url).hostname;
  } catch {
    // `Origin: null` (a sandboxed frame, a file) or garbage: nobody we know.
    return true;
  }
}
