import type { MiddlewareHandler } from 'hono';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../contract/plain-text.ts';
import { apiError } from './api-error.ts';

/**
 * Path segments and query parameters are refused with a 400 when they decode to control characters or
 * lone surrogates (`/api/v1/payments/%00`, `?starting_after=%00`) or do not decode at all (`%ED%A0%80`,
 * `%zz`): no route then has to think about them, and none of them can reach the database as a 500.
 */
export function requestTargetGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const segment of url.pathname.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return apiError(
          c,
          400,
          'The URL path is not valid percent-encoded UTF-8.',
          'invalid_parameter',
          'path',
        );
      }
      if (hasUnsafeText(decoded))
        return apiError(c, 400, `The URL path ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', 'path');
    }
    for (const [name, value] of url.searchParams) {
      if (hasUnsafeText(name))
        return apiError(c, 400, `Query parameter names ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', null);
      if (hasUnsafeText(value) || value.includes('\ufffd'))
        return apiError(c, 400, `${name} ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', name);
    }
    await next();
  };
}
