import type { Context } from 'hono';
import * as z from 'zod/mini';
import { apiError } from './api-error.ts';

/** Cursor = the last row's (created_at, id), base64url: stable under inserts, opaque to the merchant. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

/**
 * A page of a list read with one row more than `limit`: the rows to answer, and whether more follow with the cursor
 * to them (the last answered row's, made by `keyOf`).
 */
export function cursorPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => { createdAt: Date; id: string },
): { rows: T[]; hasMore: boolean; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  return {
    rows: page,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(keyOf(last).createdAt, keyOf(last).id) : null,
  };
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  try {
    const parsed = z
      .tuple([z.string(), z.string()])
      .safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    if (!parsed.success) return undefined;
    const createdAt = new Date(parsed.data[0]);
    return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, id: parsed.data[1] };
  } catch {
    return undefined;
  }
}

export type CursorRead<T> = { ok: true; cursor: T | undefined } | { ok: false; response: Response };

/**
 * A list's cursor from the query, read the one way every list reads it: absent, known, or the 400 naming the
 * parameter it came in (`starting_after` on the merchant API, `cursor` in the console).
 */
export function readCursor<T>(
  c: Context,
  value: string | undefined,
  parameter: string,
  decode: (text: string) => T | undefined,
): CursorRead<T> {
  if (value === undefined) return { ok: true, cursor: undefined };
  const cursor = decode(value);
  if (cursor !== undefined) return { ok: true, cursor };
  return { ok: false, response: apiError(c, 400, 'Unknown cursor.', 'invalid_parameter', parameter) };
}

/** `created_gte`/`created_lte`: an ISO date or unix seconds. */
export function dateParam(value: string | undefined): Date | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const date = new Date(/^\d+$/.test(value) ? Number(value) * 1000 : value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** A page's size: 1–100, 20 when absent or not a number. */
export function limitParam(value: string | undefined): number {
  return Math.min(100, Math.max(1, Number(value ?? 20) || 20));
}

/** Printable ASCII without spaces, as Stripe and the IETF draft use them (a UUID fits). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key);
}

/** The `Idempotency-Key` header of a create call: absent, valid, or the 400 to answer. */
export function readIdempotencyKey(
  c: Context,
): { ok: true; key: string | undefined } | { ok: false; response: Response } {
  const key = c.req.header('idempotency-key');
  if (key === undefined || isIdempotencyKey(key)) return { ok: true, key };
  return {
    ok: false,
    response: apiError(
      c,
      400,
      'Idempotency-Key must be 1–255 printable characters without spaces.',
      'invalid_parameter',
      'Idempotency-Key',
    ),
  };
}

/** The 409 of a key used again with another body. */
export function idempotencyKeyReused(c: Context): Response {
  return apiError(
    c,
    409,
    'This Idempotency-Key was already used with a different body.',
    'idempotency_key_reused',
    'Idempotency-Key',
  );
}

export interface PageParams {
  limit: number;
  cursor: { createdAt: Date; id: string } | undefined;
  from: Date | undefined;
  to: Date | undefined;
}

/**
 * A list's paging and creation range from the query (`limit`, `starting_after`, `created_gte`,
 * `created_lte`), or the 400 to answer.
 */
export function readPageParams(
  c: Context,
): { ok: true; page: PageParams } | { ok: false; response: Response } {
  const from = dateParam(c.req.query('created_gte'));
  const to = dateParam(c.req.query('created_lte'));
  if (from === 'invalid' || to === 'invalid') {
    return {
      ok: false,
      response: apiError(
        c,
        400,
        'created_gte/created_lte must be ISO dates or unix seconds.',
        'invalid_parameter',
      ),
    };
  }
  const after = readCursor(c, c.req.query('starting_after'), 'starting_after', decodeCursor);
  if (!after.ok) return after;
  return { ok: true, page: { limit: limitParam(c.req.query('limit')), cursor: after.cursor, from, to } };
}
