import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-error.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * `Authorization: Bearer <CHECKOUT_SECRET_KEY>`, compared in constant time (both sides hashed first, so
 * the length of the key does not leak either). Anything else is a 401 that says what is expected.
 */
export function merchantAuth(secretKey: string): MiddlewareHandler {
  const expected = digest(secretKey);
  return async (c, next) => {
    const match = /^Bearer ([^\s]+)$/.exec(c.req.header('authorization') ?? '');
    const given = match?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="checkout"');
      return apiError(
        c,
        401,
        'A valid secret key is required: Authorization: Bearer <CHECKOUT_SECRET_KEY>.',
        'unauthorized',
      );
    }
    await next();
  };
}
