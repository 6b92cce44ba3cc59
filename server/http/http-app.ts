import { Hono, type Handler } from 'hono';
import type { ApiErrorBody } from '../../contract/checkout-session.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { bodySizeLimit } from './body-limit.ts';
import type { HttpEnv } from './http-env.ts';
import { healthRoutes, type HealthOptions } from './health.ts';
import type { Logger } from './logger.ts';
import { requestLog } from './request-log.ts';
import { securityMiddleware, type SecurityMiddlewareOptions } from './security-middleware.ts';

/**
 * Mounts an app as it is (the API, the mock gateway): `(app) => app.route(path, api)`. A callback, since
 * each app's own env type is its business and Hono's route() accepts any.
 */
export type Mount = (app: Hono<HttpEnv>) => void;

export interface HttpAppOptions extends HealthOptions {
  log: Logger;
  security: SecurityMiddlewareOptions;
  /** The API (createApp) at `/`, the in-process mock gateway at its own path. */
  mounts: readonly Mount[];
  /** Files and HTML for everything that is not the API (production build or Vite's dev HTML). */
  pages?: Handler<HttpEnv>;
}

function errorBody(message: string, type: string): ApiErrorBody {
  return { errors: [{ message, parameter_name: null, type }] };
}

/** Paths that belong to the API and the mock: never answered with the app's HTML. */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/__mock-gateway');
}

/**
 * The HTTP shell around the API: request ids and access log first (so even a 413 is logged), then the
 * security headers, the body limit, health checks, the API and the pages. Testable with `app.request()`.
 */
export function createHttpApp(options: HttpAppOptions): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>();
  app.use(requestLog(options.log));
  app.use(securityMiddleware(options.security));
  app.use(bodySizeLimit());
  app.route('/', healthRoutes(options));
  for (const mount of options.mounts) mount(app);
  const { pages } = options;
  if (pages) {
    app.get('*', async (c, next) => {
      if (isApiPath(c.req.path)) {
        await next();
        return;
      }
      return pages(c, next) as Response | Promise<Response>;
    });
  }
  app.notFound((c) => {
    if (isApiPath(c.req.path)) return c.json(errorBody('Not found.', 'not_found'), 404);
    return c.text('Not found', 404);
  });
  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      c.header('Retry-After', '2');
      return c.json(errorBody('The service is briefly unavailable. Try again.', 'database_unavailable'), 503);
    }
    // The message only: a stack or a request body could hold what the log must never see.
    c.get('log').error('unhandled error', { error: error.message });
    return c.json(errorBody('Internal server error.', 'internal_error'), 500);
  });
  return app;
}
