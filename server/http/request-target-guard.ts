import type { Context, MiddlewareHandler } from 'hono';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../contract/plain-text.ts';
import { apiError } from './api-error.ts';

/** Where the path and the query of a request URL are: no URL object, which the guard used to build. */
interface Target {
  path: string;
  /** The query with its leading `?` (as `URLSearchParams` takes it), or undefined when there is none. */
  query: string | undefined;
}

/**
 * The request's URL is already serialized (the Fetch `Request`'s, or @hono/node-server's, which builds it
 * from a plain request target or through `new URL().href`), so its pathname and query are plain slices:
 * `new URL()` would give back the same text. A fragment, which a raw target may carry, is cut off.
 */
function targetOf(url: string): Target {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) {
    const parsed = new URL(url);
    return { path: parsed.pathname, query: parsed.search === '' ? undefined : parsed.search };
  }
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const question = url.indexOf('?', start);
  if (question === -1 || question > end) return { path: url.slice(start, end), query: undefined };
  return { path: url.slice(start, question), query: url.slice(question, end) };
}

/** Whether the whole path decodes to safe text: one decode and one regular expression, no segments. */
function pathIsSafe(path: string): boolean {
  // Without `%` there is nothing to decode. A `%xx` never spans a `/`, so the whole path decodes exactly
  // when each of its segments does, to the same characters.
  if (!path.includes('%')) return !hasUnsafeText(path);
  try {
    return !hasUnsafeText(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** A refused path's answer names its first bad segment's fault, as it always did: segment by segment. */
function pathVerdict(c: Context, path: string): Response | undefined {
  for (const segment of path.split('/')) {
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
  return undefined;
}

function queryVerdict(c: Context, query: string): Response | undefined {
  for (const [name, value] of new URLSearchParams(query)) {
    if (hasUnsafeText(name))
      return apiError(c, 400, `Query parameter names ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', null);
    if (hasUnsafeText(value) || value.includes('\ufffd'))
      return apiError(c, 400, `${name} ${UNSAFE_TEXT_MESSAGE}.`, 'invalid_parameter', name);
  }
  return undefined;
}

/**
 * Path segments and query parameters are refused with a 400 when they decode to control characters or
 * lone surrogates (`/api/v1/payments/%00`, `?starting_after=%00`) or do not decode at all (`%ED%A0%80`,
 * `%zz`): no route then has to think about them, and none of them can reach the database as a 500.
 *
 * It runs on every API request, so an acceptable path costs one regular expression (and one decode when
 * it has a `%`), and only a request with a query has it parsed: no URL object. A refused path is looked
 * at again segment by segment, for the same answer as before.
 */
export function requestTargetGuard(): MiddlewareHandler {
  return async (c, next) => {
    const { path, query } = targetOf(c.req.url);
    const refused =
      (pathIsSafe(path) ? undefined : pathVerdict(c, path)) ??
      (query === undefined ? undefined : queryVerdict(c, query));
    if (refused) return refused;
    await next();
  };
}
