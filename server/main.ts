import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { createServerDeps } from './bootstrap.ts';
import { createDemoSession } from './demo-session.ts';
import { readServerEnv } from './env.ts';
import type { ServerEnvBindings } from './http/bindings.ts';
import { createLogger } from './http/logger.ts';
import { MOCK_GATEWAY_PATH } from './mock-gateway/mock-gateway-app.ts';

/** env → database → createApp() → listen. The production shell (static files, headers) wraps this. */
const env = readServerEnv();
const log = createLogger(env.LOG_LEVEL);
const server = await createServerDeps(env, log);

const root = new Hono<ServerEnvBindings>();
if (server.mockGatewayApp) root.route(MOCK_GATEWAY_PATH, server.mockGatewayApp);
root.route('/', createApp(server.deps));

const http = serve({ fetch: root.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  log.info('listening', { port: info.port, publicUrl: server.deps.publicUrl });
});

const demoLink = await createDemoSession(server.deps);
if (server.secretKeyGenerated) {
  log.info('demo secret key (CHECKOUT_SECRET_KEY was unset)', { secretKey: server.deps.secretKey });
}
log.info('ready: a demo checkout to pay', { shopperUrl: demoLink });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info('stopping', { signal });
  http.close();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
