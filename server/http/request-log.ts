import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './http-env.ts';
import { newOwnId, type LogFields, type Logger, type OwnId } from '../platform/logger.ts';
import { setResponseHeader } from './response-headers.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const CALLER_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A caller's id is kept when it is short and plain (a load balancer's or the merchant's own), so one id
 * follows a request across systems; anything else could smuggle text into our logs and is replaced.
 */
export function callerRequestId(incoming: string | undefined): string | undefined {
  return incoming !== undefined && CALLER_ID.test(incoming) ? incoming : undefined;
}

/**
 * One JSON line per request: method, path, status, duration and request id, and what the handler set in
 * `logFields` (a payment's ids and status: one line for a payment, not two). The path goes without its
 * query string (queries may carry references or personal data) and no body is ever read here: card
 * data passes through this server and must not reach its logs.
 *
 * A caller's id is redacted in the log like any text it sent (it may look like a card number); an id of
 * our own (`newId`, a random UUID) is written as it is: nothing to redact, and never masked by mistake.
 */
export function requestLog(log: Logger, newId: () => OwnId = newOwnId): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const started = performance.now();
    const callerId = callerRequestId(c.req.header(REQUEST_ID_HEADER));
    let requestId: string;
    let requestLog: Logger;
    if (callerId === undefined) {
      const ownId = newId();
      requestId = ownId;
      requestLog = log.child({}, { request_id: ownId });
    } else {
      requestId = callerId;
      requestLog = log.child({ request_id: callerId });
    }
    c.set('requestId', requestId);
    c.set('log', requestLog);
    // Hono turns a handler's exception into a 500 response (app.onError), so next() returns normally.
    try {
      await next();
    } finally {
      const status = c.res.status;
      setResponseHeader(c, REQUEST_ID_HEADER, requestId);
      // The handler's fields first: they never replace the line's own.
      const fields: LogFields = {
        ...c.get('logFields'),
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
