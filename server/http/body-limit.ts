import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorBody } from '../../contract/checkout-session.ts';

/** The largest request body: a session of 100 items with metadata is ~30 kB, a payment ~3 kB. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Refuses larger bodies with 413 before any handler reads them: by Content-Length at once, or while
 * reading a chunked body. The answer has the API's usual error shape.
 */
export function bodySizeLimit(maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
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
    },
  });
}
