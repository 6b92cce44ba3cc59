import * as z from 'zod/mini';
import { PAYMENT_METHODS } from '../../contract/order-values.ts';
import { RECEIVABLE_STATUS_VALUES, type MerchantReceivable } from '../../contract/receivables.ts';
import type { Database } from '../db/database.ts';
import { isCalendarDay } from './receivable-dates.ts';
import { listReceivables } from './receivable-repository.ts';
import { receivableView } from './receivable-view.ts';

/** The longest range one list may ask for: a year and a bit (a 12x sale's last installment). */
export const MAX_RANGE_DAYS = 400;

/** Cursor = the last row's (expected_on, id), base64url: stable under inserts, opaque to the caller. */
export function encodeReceivableCursor(row: { expected_on: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.expected_on, row.id])).toString('base64url');
}

export function decodeReceivableCursor(text: string): { expectedOn: string; id: string } | undefined {
  try {
    const parsed = z
      .tuple([z.string(), z.string().check(z.regex(/^rcv_[A-Za-z0-9_-]{1,43}$/))])
      .safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    if (!parsed.success || !isCalendarDay(parsed.data[0])) return undefined;
    return { expectedOn: parsed.data[0], id: parsed.data[1] };
  } catch {
    return undefined;
  }
}

export interface ReceivableQuery {
  from?: string;
  to?: string;
  statuses: (typeof RECEIVABLE_STATUS_VALUES)[number][];
  methods: (typeof PAYMENT_METHODS)[number][];
  after?: { expectedOn: string; id: string };
  limit: number;
}

export type QueryRead =
  | { ok: true; query: ReceivableQuery }
  | { ok: false; message: string; parameter: string };

function list<T extends string>(text: string | undefined, allowed: readonly T[]): T[] | undefined {
  if (text === undefined || text === '') return [];
  const parts = text.split(',').map((part) => part.trim());
  return parts.every((part): part is T => (allowed as readonly string[]).includes(part)) ? parts : undefined;
}

/**
 * The filters of a receivables list (`from`, `to` calendar days, `status`, `payment_method` — one value or a
 * comma list —, `limit`, and the cursor), or what is wrong with them, naming the parameter.
 */
export function readReceivableQuery(
  raw: Record<string, string | undefined>,
  cursorParameter: string,
  maxLimit: number,
): QueryRead {
  for (const parameter of ['from', 'to'] as const) {
    const value = raw[parameter];
    if (value !== undefined && !isCalendarDay(value))
      return { ok: false, message: `${parameter} must be a date, YYYY-MM-DD.`, parameter };
  }
  const { from, to } = raw;
  if (from !== undefined && to !== undefined) {
    if (from > to) return { ok: false, message: 'from must not be after to.', parameter: 'from' };
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days > MAX_RANGE_DAYS)
      return { ok: false, message: `A range spans at most ${MAX_RANGE_DAYS} days.`, parameter: 'to' };
  }
  const statuses = list(raw.status, RECEIVABLE_STATUS_VALUES);
  if (!statuses)
    return {
      ok: false,
      message: `status is one of ${RECEIVABLE_STATUS_VALUES.join(', ')}.`,
      parameter: 'status',
    };
  const methods = list(raw.payment_method, PAYMENT_METHODS);
  if (!methods)
    return {
      ok: false,
      message: `payment_method is one of ${PAYMENT_METHODS.join(', ')}.`,
      parameter: 'payment_method',
    };
  const rawLimit = raw.limit;
  const limit = rawLimit === undefined ? Math.min(20, maxLimit) : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    return { ok: false, message: `limit is a whole number from 1 to ${maxLimit}.`, parameter: 'limit' };
  const cursorText = raw[cursorParameter];
  const after = cursorText === undefined ? undefined : decodeReceivableCursor(cursorText);
  if (cursorText !== undefined && !after)
    return { ok: false, message: 'Unknown cursor.', parameter: cursorParameter };
  return {
    ok: true,
    query: {
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      statuses,
      methods,
      ...(after ? { after } : {}),
      limit,
    },
  };
}

export interface ReceivablePage {
  data: MerchantReceivable[];
  has_more: boolean;
  next_cursor: string | null;
}

/** A page of receivables by day (then id), for the merchant API and the console. */
export async function listReceivablePage(db: Database, query: ReceivableQuery): Promise<ReceivablePage> {
  const rows = await listReceivables(db, { ...query, limit: query.limit + 1 });
  const data = rows.slice(0, query.limit).map(receivableView);
  const last = data.at(-1);
  const hasMore = rows.length > query.limit;
  return { data, has_more: hasMore, next_cursor: hasMore && last ? encodeReceivableCursor(last) : null };
}
