import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorBody } from '../../contract/checkout-session.ts';

/** The largest request body: a session of 100 items with metadata is ~30 kB, a payment ~3 kB. */
export const MAX_BODY_BYTES = 64 * 1024;

function tooLarge(maxSize: number) {
  return (c: Context) => {
    const body: ApiErrorBody = {
      errors: [
        {
          message: `The request body is larger than ${maxSize} bytes.`,
          parameter_name: null,
          type: 'payload_too_large',
        },
      ],
    };
    return c.json(body, 413);
  };
}

/**
 * The limit a request's body was already held to, by an earlier `bodySizeLimit` on its way (the HTTP
 * shell's, before the API's own). Keyed by the request's context, which the shell and the apps mounted in
 * it share, and gone with it.
 */
const heldTo = new WeakMap<Context, number>();

/**
 * Refuses larger bodies with 413 before any handler reads them: by Content-Length at once, or while
 * reading a chunked body. The answer has the API's usual error shape (or `onError`'s).
 *
 * A body with a Content-Length is not touched here: the handler reads it once. Asking for the Web
 * Request's body stream (as hono's bodyLimit does first thing) makes @hono/node-server build a full
 * Request and a ReadableStream for every request (docs/decisions/145-prepared-statements-and-constant-sql.md);
 * only a chunked body is read here, through hono's bodyLimit, to count its bytes.
 */
export function bodySizeLimit(
  maxSize = MAX_BODY_BYTES,
  onError: (c: Context) => Response | Promise<Response> = tooLarge(maxSize),
): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    // A body already held to this limit or a smaller one passes this check too (a chunked one is still
    // being counted against it): the API's own limit runs once behind the shell's. A larger earlier
    // limit is no proof, so a stricter one here checks for itself.
    const earlier = heldTo.get(c);
    if (earlier !== undefined && earlier <= maxSize) return next();
    heldTo.set(c, maxSize);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) return onError(c);
      return next();
    }
    return streamed(c, next);
  };
}
