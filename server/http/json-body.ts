import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../contract/plain-text.ts';
import { apiError, apiErrors, issuesToErrors } from './api-error.ts';

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * The one way a JSON body comes in: `Content-Type: application/json` (else 415), parseable (else 400
 * `invalid_json`), free of control characters and lone surrogates anywhere
 * (else 400 naming the field), matching the schema (else 400 naming each field). The size limit is applied before,
 * by the API's body-limit middleware.
 */
export async function readJsonBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<BodyResult<T>> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return {
      ok: false,
      response: apiError(
        c,
        415,
        'The body must be JSON (Content-Type: application/json).',
        'unsupported_media_type',
      ),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text()) as unknown;
  } catch {
    return { ok: false, response: apiError(c, 400, 'The body is not valid JSON.', 'invalid_json') };
  }
  // Every string and key, also those the schema lets through as they are: a NUL or a lone surrogate that
  // reached the gateway would be charged and then fail to be stored.
  const unsafe = findUnsafeText(json);
  if (unsafe !== undefined) {
    return {
      ok: false,
      response: apiError(
        c,
        400,
        `${unsafe || 'The body'} ${UNSAFE_TEXT_MESSAGE}.`,
        'invalid_parameter',
        unsafe || null,
      ),
    };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, response: apiErrors(c, 400, issuesToErrors(parsed.error.issues)) };
  return { ok: true, data: parsed.data };
}

/** As readJsonBody, but an empty body reads as `{}` (a POST whose every field is optional). */
export async function readOptionalJsonBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<BodyResult<T>> {
  // Hono keeps the body read here for readJsonBody's own read.
  if ((await c.req.text()).trim() !== '') return readJsonBody(c, schema);
  const parsed = schema.safeParse({});
  if (!parsed.success) return { ok: false, response: apiErrors(c, 400, issuesToErrors(parsed.error.issues)) };
  return { ok: true, data: parsed.data };
}
