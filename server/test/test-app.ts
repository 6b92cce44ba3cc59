import type { Hono } from 'hono';
import { apiErrorBodySchema, type CreateSessionRequest } from '../../contract/checkout-session.ts';
import type { CepProvider } from '../address/cep-provider.ts';
import { createApp } from '../app.ts';
import type { ShopDefaults } from '../shop/shop-identity.ts';
import type { AppDeps, AppPolicy } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { ResolveHost } from '../egress/egress-policy.ts';
import { serverEnvSchema } from '../env.ts';
import { createGatewayClient, type GatewayClient } from '../gateway/gateway-client.ts';
import { databasePauseBoard, withGatewayPauses } from '../gateway/paced-gateway.ts';
import type { ServerBindings, ServerEnvBindings } from '../http/bindings.ts';
import { createLogger } from '../platform/logger.ts';
import { createBackgroundTasks } from '../platform/background-tasks.ts';
import { freePort } from './free-port.ts';
import { resolvePolicy } from '../payments/policy.ts';

export const TEST_KEY = 'sk_test_0123456789abcdefghijklmn';

/** The fields a 400 names, in order: what the API error body's `parameter_name`s say. */
export function parameterNames(json: unknown): (string | null)[] {
  return apiErrorBodySchema.parse(json).errors.map((error) => error.parameter_name);
}
export const PUBLIC_URL = 'https://checkout.test';
export const SHOPPER_ADDRESS = '198.51.100.7';
/** Nothing listens here: a gateway that is "down" before any byte is sent. */
export const CLOSED_PORT = await freePort();

export interface TestClock {
  /** Added to the real clock (the mock gateway runs on real time; the server's view can move ahead). */
  offsetMs: number;
}

export interface TestApp {
  app: Hono<ServerEnvBindings>;
  deps: AppDeps;
  gateway: GatewayClient;
  clock: TestClock;
  /** Every log line the server wrote (checked for card data). */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  db: Database;
  gatewayUrl?: string;
  gatewayTimeoutMs?: number;
  policy?: Partial<AppPolicy>;
  trustProxy?: string;
  embedOrigins?: string[];
  /** Where CEPs are looked up (default: the dataset). */
  cepProvider?: CepProvider;
  /** GATEWAY_WEBHOOK_SECRET: gateway webhooks must then be signed. */
  gatewayWebhookSecret?: string;
  /** GATEWAY_WEBHOOK_ALLOW_UNSIGNED (development): unsigned gateway webhooks accepted without a secret. */
  allowUnsignedWebhooks?: boolean;
  /** BOLETO_ENABLED; unset, as on the mock gateway: boleto on. */
  boletoEnabled?: boolean;
  /**
   * WEBHOOK_ALLOWED_PRIVATE_HOSTS. Unset, as in production: merchants' webhook URLs reach public addresses
   * only; a test whose receiver listens on loopback names `127.0.0.1` here.
   */
  webhookPrivateHosts?: string;
  /** The DNS merchants' webhook hosts see (read at each lookup: a test may change a record); `localhost` is loopback. */
  dns?: Record<string, string[]>;
  /** MERCHANT_WEBHOOK_URL and MERCHANT_WEBHOOK_SECRET (the environment's endpoint). */
  merchantWebhook?: { url: string; secret: string };
  /** The SHOP_* settings (SHOP_NAME, SHOP_BRAND_COLOR…) as read at start. */
  shopDefaults?: ShopDefaults;
}

/** A resolver answering from `records` (and `localhost`), never from the network: tests stay hermetic. */
export function fakeDns(records: Record<string, string[]> = {}): ResolveHost {
  return (hostname) => {
    const addresses = hostname === 'localhost' ? ['127.0.0.1', '::1'] : records[hostname];
    if (!addresses || addresses.length === 0)
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })),
    );
  };
}

export function buildTestApp(options: TestAppOptions): TestApp {
  const clock: TestClock = { offsetMs: 0 };
  const logs: string[] = [];
  const env = serverEnvSchema.parse({
    TRUST_PROXY: options.trustProxy,
    LOG_LEVEL: 'debug',
    GATEWAY_WEBHOOK_SECRET: options.gatewayWebhookSecret,
    GATEWAY_WEBHOOK_ALLOW_UNSIGNED: options.allowUnsignedWebhooks ? 'true' : undefined,
    BOLETO_ENABLED: options.boletoEnabled === undefined ? undefined : String(options.boletoEnabled),
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: options.webhookPrivateHosts,
    MERCHANT_WEBHOOK_URL: options.merchantWebhook?.url,
    MERCHANT_WEBHOOK_SECRET: options.merchantWebhook?.secret,
  });
  const gateway = createGatewayClient({
    baseUrl: options.gatewayUrl ?? `http://127.0.0.1:${CLOSED_PORT}`,
    token: 'gateway-test-token',
    timeoutMs: options.gatewayTimeoutMs ?? 5_000,
  });
  const log = createLogger('debug', {}, (line) => logs.push(line));
  const now = () => new Date(Date.now() + clock.offsetMs);
  const deps: AppDeps = {
    env,
    log,
    db: options.db,
    // As in production (bootstrap.ts): a 429 pauses its call kind for every instance on the database.
    gateway: withGatewayPauses(gateway, databasePauseBoard(options.db), now),
    secretKey: TEST_KEY,
    publicUrl: PUBLIC_URL,
    now,
    embedOrigins: options.embedOrigins ?? [],
    // Tests read a transaction right after changing it at the mock: no throttle unless a test sets one.
    policy: resolvePolicy({ forcedReadIntervalMs: 0, ...options.policy }),
    ...(options.cepProvider ? { cepProvider: options.cepProvider } : {}),
    resolveHost: fakeDns(options.dns),
    ...(options.shopDefaults ? { shopDefaults: options.shopDefaults } : {}),
    background: createBackgroundTasks(log),
  };
  return { app: createApp(deps), deps, gateway, clock, logs, close: () => gateway.close() };
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for bad JSON and wrong content types). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The merchant key; `false` sends none. */
  key?: string | false;
  address?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: unknown;
}

/** One request to createApp's API, as the Node server would hand it over (socket address included). */
export async function call(
  app: Hono<ServerEnvBindings>,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined && options.key !== false) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const bindings: ServerBindings = {
    incoming: { socket: { remoteAddress: options.address ?? SHOPPER_ADDRESS } },
  };
  const response = await app.request(path, { method, headers, body }, bindings);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json };
}

export function orderBody(overrides: Partial<CreateSessionRequest> = {}): CreateSessionRequest {
  return {
    reference: 'order-1001',
    items: [
      { title: 'Tênis de corrida', unit_price: 10000, quantity: 1, tangible: true },
      { title: 'Meias', unit_price: 2545, quantity: 2, tangible: true },
    ],
    shipping_fee: 1500,
    descriptor: 'LOJA EXEMPLO',
    ...overrides,
  };
}

/** Creates a session through the merchant API and answers its id. */
export async function createTestSession(
  app: Hono<ServerEnvBindings>,
  overrides: Partial<CreateSessionRequest> = {},
): Promise<{ id: string; amount: number }> {
  const result = await call(app, 'POST', '/api/v1/checkout-sessions', {
    key: TEST_KEY,
    body: orderBody(overrides),
  });
  if (result.status !== 201)
    throw new Error(`session not created: ${result.status} ${JSON.stringify(result.json)}`);
  const session = result.json as { id: string; amount: number };
  return { id: session.id, amount: session.amount };
}
