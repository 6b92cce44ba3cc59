import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { parseEmbedOrigins } from '../contract/embed-origins.ts';
import { shopIdentityFrom } from './shop/shop-identity.ts';
import type { AppDeps, AppPolicy } from './app-deps.ts';
import { createBackgroundTasks } from './platform/background-tasks.ts';
import { openDatabase } from './db/open-database.ts';
import type { WireCounts } from './db/wire-count.ts';
import type { ServerEnv } from './env.ts';
import type { ResolveHost } from './egress/egress-policy.ts';
import { createGatewayClient } from './gateway/gateway-client.ts';
import { databasePauseBoard, withGatewayPauses } from './gateway/paced-gateway.ts';
import type { ServerEnvBindings } from './http/bindings.ts';
import type { Logger } from './platform/logger.ts';
import { createMockGatewayApp, MOCK_GATEWAY_PATH } from './mock-gateway/mock-gateway-app.ts';
import { highestTransactionId } from './payments/attempt-repository.ts';
import { resolvePolicy } from './payments/policy.ts';
import { wakeOpenReads } from './receivables/receivable-repository.ts';
import { createMockWebhooks, type MockWebhooks } from './mock-gateway/mock-webhooks.ts';
import { GATEWAY_WEBHOOK_PATH } from './routes/gateway-webhooks.ts';
import { createMailService } from './mail/mail-service.ts';
import type { MailTransport } from './mail/mail-transport.ts';

export interface ServerDeps {
  deps: AppDeps;
  /** Set when GATEWAY_URL is unset: mount it at MOCK_GATEWAY_PATH of the same server. */
  mockGatewayApp?: Hono<ServerEnvBindings>;
  /** True when CHECKOUT_SECRET_KEY was unset and a demo key was made (print it for the developer). */
  secretKeyGenerated: boolean;
  close(): Promise<void>;
}

export interface ServerDepsOptions {
  now?: () => Date;
  policy?: Partial<AppPolicy>;
  /** Where this process reaches its own mock gateway (default: loopback on PORT). */
  mockGatewayBaseUrl?: string;
  gatewayTimeoutMs?: number;
  /** Counts what is sent to the database (the bench: server/db/wire-count.ts). */
  wire?: WireCounts;
  /** How merchants' webhook hosts resolve (default: the system's resolver). */
  resolveHost?: ResolveHost;
  /** `npm start`: without SMTP_URL, mails are kept in the development mailbox instead of going nowhere. */
  developmentMailbox?: boolean;
  /** Tests: the transport mails go through instead of SMTP_URL's. */
  mailTransport?: MailTransport;
}

export function publicUrlOf(env: Pick<ServerEnv, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === ''
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

/**
 * Everything createApp needs, from the environment: the database (PGlite under DATA_DIR, or PostgreSQL
 * with DATABASE_URL) migrated under an advisory lock, the gateway client (GATEWAY_URL, or the mock gateway
 * mounted in this process and called over real HTTP), the merchant key and the public origin.
 */
export async function createServerDeps(
  givenEnv: ServerEnv,
  log: Logger,
  options: ServerDepsOptions = {},
): Promise<ServerDeps> {
  let env = givenEnv;
  const publicUrl = publicUrlOf(env);
  // Read at run time: a new shop needs no rebuild. A wrong entry stops start-up.
  const embedOrigins = parseEmbedOrigins(env.EMBED_ALLOWED_ORIGINS);
  const secretKeyGenerated = env.CHECKOUT_SECRET_KEY === undefined;
  const secretKey = env.CHECKOUT_SECRET_KEY ?? `sk_demo_${randomBytes(24).toString('base64url')}`;

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    maxConnections: env.DATABASE_CONNECTIONS,
    checkoutConnections: env.DATABASE_CHECKOUT_CONNECTIONS,
    wire: options.wire,
  });
  log.info('database ready', { driver: database.driver });

  let mockGatewayApp: Hono<ServerEnvBindings> | undefined;
  let mockWebhooks: MockWebhooks | undefined;
  let gatewayUrl = env.GATEWAY_URL;
  let token = env.GATEWAY_TOKEN;
  if (gatewayUrl === undefined) {
    // The mock signs its webhooks; without a configured secret one is made, so verification runs too.
    const webhookSecret = env.GATEWAY_WEBHOOK_SECRET ?? randomBytes(24).toString('base64url');
    env = { ...env, GATEWAY_WEBHOOK_SECRET: webhookSecret };
    mockWebhooks = createMockWebhooks({
      url: `http://${loopbackHost(env.HOST)}:${env.PORT}${GATEWAY_WEBHOOK_PATH}`,
      secret: webhookSecret,
      onError: (error) => log.debug('mock gateway webhook not delivered', { error: String(error) }),
    });
    mockGatewayApp = createMockGatewayApp({
      publicBaseUrl: `${publicUrl}${MOCK_GATEWAY_PATH}`,
      merchantName: env.SHOP_NAME,
      webhooks: mockWebhooks,
      lastKnownTransactionId: await highestTransactionId(database.db),
      // The control page moved the mock's calendar: receivables are read again now, not on this clock's schedule.
      onTimeMoved: () => {
        void wakeOpenReads(database.db, new Date()).catch((error: unknown) =>
          log.warn('receivables: could not wake the reads', { error: String(error) }),
        );
      },
    });
    gatewayUrl =
      options.mockGatewayBaseUrl ?? `http://${loopbackHost(env.HOST)}:${env.PORT}${MOCK_GATEWAY_PATH}`;
    // The mock takes any token but requires the header, so the token path runs as in production.
    token ??= 'mock-gateway-token';
    log.info('gateway: in-process mock', { gatewayUrl });
  } else {
    if (token === undefined) log.warn('GATEWAY_URL is set without GATEWAY_TOKEN: calls will be unauthorised');
    log.info('gateway: external', { gatewayOrigin: new URL(gatewayUrl).origin });
  }
  const now = options.now ?? (() => new Date());
  // A 429 or Retry-After from the gateway slows that call kind in every instance (decision 312).
  const gateway = withGatewayPauses(
    createGatewayClient({
      baseUrl: gatewayUrl,
      token: token ?? '',
      timeoutMs: options.gatewayTimeoutMs ?? env.GATEWAY_TIMEOUT_MS,
    }),
    databasePauseBoard(database.db),
    now,
  );

  const deps: AppDeps = {
    env,
    log,
    db: database.db,
    gateway,
    secretKey,
    publicUrl,
    now,
    embedOrigins,
    policy: resolvePolicy(options.policy),
    shopDefaults: shopIdentityFrom(env),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    background: createBackgroundTasks(log),
    mail: createMailService(env, {
      development: options.developmentMailbox === true,
      ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    }),
  };
  logMailMode(deps, log);
  return {
    deps,
    mockGatewayApp,
    secretKeyGenerated,
    close: async () => {
      mockWebhooks?.dispose();
      // A webhook's re-read in progress ends before the database closes.
      await deps.background.settled();
      await gateway.close();
      deps.mail?.transport?.close();
      await database.close();
    },
  };
}

/**
 * Says at start how mail goes, and checks SMTP once: a server that cannot log in says why at once (the mails
 * wait and are retried: a payment never waits on mail).
 */
function logMailMode(deps: AppDeps, log: Logger): void {
  const mail = deps.mail;
  if (!mail) return;
  if (mail.mode === 'off') {
    log.warn('mail: SMTP_URL is not set, no receipt or notice is sent (docs/operators/settings.md)');
    return;
  }
  if (mail.mode === 'capture') {
    log.info('mail: kept in the development mailbox', { page: '/__mock-gateway/control/mailbox' });
    return;
  }
  log.info('mail: SMTP', { from: mail.from.address });
  void mail.verify?.().then(
    () => log.info('mail: SMTP server answers and accepts the log-in'),
    (error: unknown) =>
      log.error('mail: the SMTP server cannot be used yet; mails wait and are retried', {
        error: error instanceof Error ? error.message : String(error),
      }),
  );
}
