import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './http-env.ts';
import type { Logger } from '../platform/logger.ts';
import { setResponseHeaders } from './response-headers.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A caller's id is kept when it is short and plain (a load balancer's or the merchant's own), so one id
 * follows a request across systems; anything else could smuggle text into our logs and is replaced.
 */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * One JSON line per request: method, path, status, duration and request id. The path goes without its
 * query string (queries may carry references or personal data) and no body is ever read here: card
 * data passes through this server and must not reach its logs.
 */
export function requestLog(log: Logger): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    const requestLog = log.child({ request_id: requestId });
    c.set('log', requestLog);
    // Hono turns a handler's exception into a 500 response (app.onError), so next() returns normally.
    try {
      await next();
    } finally {
      const status = c.res.status;
      setResponseHeaders(c, { [REQUEST_ID_HEADER]: requestId });
      const fields = {
        method: c.req.method,
        path: c.req.path,
        status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      };
      // Through the request's own logger: its id is already in its fields, redacted once.
      if (status >= 500) requestLog.error('request', fields);
      else requestLog.info('request', fields);
    }
  };
}
