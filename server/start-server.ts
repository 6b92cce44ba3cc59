import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { PageConfig } from '../contract/page-data.ts';
import { createApp } from './app.ts';
import { createServerDeps, type ServerDeps, type ServerDepsOptions } from './bootstrap.ts';
import type { ServerEnv } from './env.ts';
import { createFrameAncestorsResolver } from './http/frame-ancestors.ts';
import { linkFrameOriginsByCode } from './payment-links/link-embed.ts';
import { gracefulShutdown, type GracefulShutdown } from './http/graceful-shutdown.ts';
import { createHttpApp, type Mount } from './http/http-app.ts';
import type { Logger } from './platform/logger.ts';
import { consolePageHtml } from './http/console-preloads.ts';
import { isConsolePage, pagesHandler } from './http/pages.ts';
import { scenarioLinkHandler } from './mock-gateway/scenario-links.ts';
import { createStaticFiles } from './http/static-files.ts';
import { startViteDev, type ViteDev } from './http/vite-dev.ts';
import { MOCK_GATEWAY_PATH } from './mock-gateway/mock-gateway-app.ts';
import { DEV_MAILBOX_PATH, devMailboxRoutes } from './mock-gateway/dev-mailbox-page.ts';
import { startJobs, type Jobs } from './jobs/job-runner.ts';
import { checkReadiness } from './readiness.ts';
import { currentShop } from './shop/current-shop.ts';
import { loadPublicSession } from './sessions/load-public-session.ts';
import { sessionFrameOrigins } from './sessions/frame-origins.ts';

export interface StartOptions {
  env: ServerEnv;
  log: Logger;
  /**
   * `development` (`npm start`): the app from source through Vite with hot reload. `production`
   * (`npm run serve`): the build in `distDir`. `api` (the bench): no pages at all.
   */
  mode: PageConfig['mode'] | 'api';
  /** The repository (index.html, vite.config.ts): Vite's root in development. */
  root: string;
  /** The production build; default `<root>/dist`. */
  distDir?: string;
  deps?: ServerDepsOptions;
  /** Default: process.exit. */
  exit?: (code: number) => void;
  /** Run the background jobs (reconciliation, event delivery, sweeps) in this process; main.ts does. */
  jobs?: boolean;
}

export interface RunningServer {
  server: Server;
  /** Where this process listens (loopback), e.g. http://127.0.0.1:5173. */
  localUrl: string;
  core: ServerDeps;
  shutdown: GracefulShutdown;
}

function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(server);
    });
  });
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function nodeListener(fetch: Parameters<typeof getRequestListener>[0]): RequestListener {
  const listener = getRequestListener(fetch);
  return (req, res) => {
    void listener(req, res);
  };
}

async function productionTemplate(distDir: string): Promise<string> {
  try {
    return await readFile(join(distDir, 'index.html'), 'utf8');
  } catch {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);
  }
}

/** The console's built entry; absent (a build without it) the console's pages say so with a 404 page. */
async function consoleTemplate(distDir: string): Promise<string> {
  try {
    return await readFile(join(distDir, 'console', 'console.html'), 'utf8');
  } catch {
    return '<!doctype html><html lang="en"><head><title>Console not built</title></head><body><p>The console is not in this build: run <code>npm run build</code>.</p></body></html>';
  }
}

/**
 * The checkout server: the API (createApp) inside the HTTP shell (logs, request ids, security headers,
 * body limit, health), the in-process mock gateway when GATEWAY_URL is unset, and the pages — the build
 * or Vite's dev server — on one port. Resolves once it listens.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env, log, mode } = options;
  const root = resolve(options.root);
  const distDir = resolve(options.distDir ?? join(root, 'dist'));
  // Read before anything opens: a missing build must not leave a database lock behind.
  const template = mode === 'production' ? await productionTemplate(distDir) : undefined;
  // Production only: in development Vite serves console.html, and a stale build's manifest must not be read.
  const consoleHtml =
    mode === 'production'
      ? await consolePageHtml(join(distDir, 'console'), await consoleTemplate(distDir))
      : undefined;

  // The in-process mock gateway gets a loopback port of its own for the server's calls: on the public
  // port, draining (which stops accepting connections) would refuse the very payments it waits for.
  const mockServer = env.GATEWAY_URL === undefined ? await listen(createServer(), 0, '127.0.0.1') : undefined;
  const mockBaseUrl = mockServer && `http://127.0.0.1:${portOf(mockServer)}${MOCK_GATEWAY_PATH}`;
  const core = await createServerDeps(env, log, {
    developmentMailbox: mode === 'development',
    ...options.deps,
    mockGatewayBaseUrl: options.deps?.mockGatewayBaseUrl ?? mockBaseUrl,
  });
  const { deps } = core;
  const closeCore = async () => {
    await core.close();
    mockServer?.closeAllConnections();
    mockServer?.close();
  };
  if (mockServer && core.mockGatewayApp) {
    const internal = new Hono();
    internal.route(MOCK_GATEWAY_PATH, core.mockGatewayApp);
    mockServer.on('request', nodeListener(internal.fetch));
  }
  const server = createServer();
  // Longer than the usual 60 s idle timeout of load balancers: the balancer, not this server, closes idle
  // connections, so it never sends a request on a socket this end is closing (a sporadic 502).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // A client that trickles its body holds a connection (Node's default allows 5 minutes); every
  // legitimate request here is small JSON.
  server.requestTimeout = 30_000;
  let vite: ViteDev | undefined;
  let draining = false;
  try {
    const hsts = deps.publicUrl.startsWith('https:');
    if (mode === 'development')
      vite = await startViteDev({ root, httpServer: server, hsts, dataDir: env.DATA_DIR });
    const loadShop = () => currentShop(deps);
    const loadSession = async (id: string) => (await loadPublicSession(deps, id)) ?? null;
    const dev = vite;
    const pages =
      mode === 'development' && dev
        ? pagesHandler({ mode, loadSession, loadShop, template: (url) => dev.template(url) })
        : mode === 'production' && template !== undefined && consoleHtml !== undefined
          ? pagesHandler({
              mode,
              loadSession,
              loadShop,
              files: createStaticFiles(distDir),
              template: (url) =>
                Promise.resolve(
                  isConsolePage(url.pathname) ? consoleHtml(url.pathname, url.search) : template,
                ),
            })
          : undefined;
    const api = createApp(deps);
    const mock = core.mockGatewayApp;
    const mounts: Mount[] = [(app) => app.route('/', api)];
    // Designers' scenario links (`/?scenario=…`): development with the mock gateway only.
    if (mode === 'development' && mock) mounts.push((app) => app.get('/', scenarioLinkHandler(deps)));
    if (mock) {
      // The server calls the mock's API on its own loopback port (mockServer). On the public port only
      // what a shopper's browser must reach is served — the simulated bank page — plus, in development,
      // the controls a developer uses (pay a PIX code): the mock's API would list every transaction
      // and its 3DS challenge token to anyone.
      // …and the printable boletos, which the shopper's "Download PDF" opens (as a gateway's own boleto links).
      const publicPrefixes = [`${MOCK_GATEWAY_PATH}/mock-bank/`, `${MOCK_GATEWAY_PATH}/boleto/`];
      if (mode === 'development') publicPrefixes.push(`${MOCK_GATEWAY_PATH}/control/`);
      // `--api-only` serves the process tests and the bench, which compare the server with the mock itself.
      if (mode === 'api') publicPrefixes.push(`${MOCK_GATEWAY_PATH}/`);
      mounts.unshift((app) => {
        app.use(`${MOCK_GATEWAY_PATH}/*`, async (c, next) => {
          if (!publicPrefixes.some((prefix) => c.req.path.startsWith(prefix))) {
            return c.json(
              { errors: [{ message: 'Not found.', parameter_name: null, type: 'not_found' }] },
              404,
            );
          }
          await next();
          return undefined;
        });
        app.route(MOCK_GATEWAY_PATH, mock);
      });
    }
    // `npm start` without SMTP_URL (or a harness that asked for it): the mails it kept, beside the mock's controls.
    const mailbox = deps.mail?.mailbox;
    if (mailbox) {
      const routes = devMailboxRoutes(mailbox);
      mounts.unshift((app) => {
        app.route(`${MOCK_GATEWAY_PATH}${DEV_MAILBOX_PATH}`, routes);
      });
    }
    const app = createHttpApp({
      log,
      checkReadiness: () => checkReadiness(deps),
      draining: () => draining,
      security: {
        hsts,
        dev: mode === 'development',
        frameAncestors: createFrameAncestorsResolver({
          allowedOrigins: deps.embedOrigins,
          sessionEmbedOrigins: async (id) => (await sessionFrameOrigins(deps, id)) ?? null,
          linkEmbedOrigins: (code) => linkFrameOriginsByCode(deps, code),
          log,
        }),
      },
      mounts,
      pages,
    });
    const hono = nodeListener(app.fetch);
    server.on('request', vite ? vite.listener(hono) : hono);
    await listen(server, env.PORT, env.HOST);
  } catch (error) {
    await vite?.close();
    await closeCore();
    throw error;
  }

  const { MERCHANT_WEBHOOK_URL: url, MERCHANT_WEBHOOK_SECRET: secret } = env;
  if (url !== undefined && secret === undefined)
    log.warn('MERCHANT_WEBHOOK_URL is set without MERCHANT_WEBHOOK_SECRET: events stay in the outbox');
  const jobs: Jobs | undefined = options.jobs
    ? startJobs(deps, url !== undefined && secret !== undefined ? { url, secret } : undefined)
    : undefined;
  const shutdown = gracefulShutdown({
    server,
    log,
    onDraining: () => {
      draining = true;
      // Background passes stop now, not after the requests: a delivery pass alone could outlast the deadline.
      jobs?.abort();
    },
    closeResources: async () => {
      // The running pass of each job finishes (its rows are leased, so an abrupt end is also safe).
      await jobs?.stop();
      await vite?.close();
      await closeCore();
    },
    exit: options.exit,
  });
  return { server, localUrl: `http://127.0.0.1:${portOf(server)}`, core, shutdown };
}
