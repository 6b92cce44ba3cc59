import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryOnCheckoutLane, queryRows } from '../db/query-rows.ts';

/*
 * The queries of rate_limit_hits: fixed-window counters shared by every instance. When a window starts
 * and what a count allows is rate-limit.ts's business.
 */

/**
 * The same upsert as constant text for `count` windows, its values the parameters `$first`… in pairs
 * (key, window start as ISO text): built once per count, no SQL built per request (begin-attempt.ts,
 * rate-limit.ts; docs/decisions/145-prepared-statements-and-constant-sql.md).
 */
export function upsertHitsText(count: number, first = 1): string {
  const values = Array.from(
    { length: count },
    (_, index) => `($${first + 2 * index}, $${first + 2 * index + 1}::timestamptz, 1)`,
  );
  return `insert into rate_limit_hits (key, window_start, count) values ${values.join(', ')}
    on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
    returning key, count`;
}

/**
 * Takes one hit back from each of `count` windows (parameters as upsertHitsText's), as constant text: a use counted
 * up front that turned out not to count (a console log-in that succeeded, server/rate-limit/console-login-limits.ts).
 */
export function takeBackHitsText(count: number): string {
  const pairs = Array.from(
    { length: count },
    (_, index) => `($${2 * index + 1}, $${2 * index + 2}::timestamptz)`,
  );
  return `update rate_limit_hits set count = greatest(count - 1, 0)
    where (key, window_start) in (${pairs.join(', ')})`;
}

/** Constant texts of the upsert, by number of windows and first parameter (a handful: one or two rules a use). */
const upsertTexts = new Map<number, string>();

/** upsertHitsText, built once per count and first parameter. */
export function hitsUpsertText(count: number, first = 1): string {
  const key = count * 1000 + first;
  let text = upsertTexts.get(key);
  if (text === undefined) {
    text = upsertHitsText(count, first);
    upsertTexts.set(key, text);
  }
  return text;
}

/**
 * One hit in each window (`windows`: key, window start as ISO text, in pairs), one upsert on the checkout lane;
 * answers each window's `key, count` with this hit.
 */
export function upsertHitsIn(db: Database, windows: readonly string[]): Promise<Record<string, unknown>[]> {
  return queryOnCheckoutLane(db, hitsUpsertText(windows.length / 2), windows);
}

const takeBackTexts = new Map<number, string>();

/** Takes one hit back from each window (pairs as upsertHitsIn's), in one statement. */
export async function takeBackHitsIn(db: Database, windows: readonly string[]): Promise<void> {
  const count = windows.length / 2;
  let text = takeBackTexts.get(count);
  if (text === undefined) {
    text = takeBackHitsText(count);
    takeBackTexts.set(count, text);
  }
  await queryOnCheckoutLane(db, text, windows);
}

const DELETE_HITS_BEFORE = 'delete from rate_limit_hits where window_start < $1::timestamptz';

/**
 * Windows that started before `before` (cheap with the window index). On the checkout lane: a payment awaits
 * it (one in 200), so it must not wait for a connection of the general pool.
 */
export async function deleteHitsBefore(db: Database, before: Date): Promise<void> {
  await queryOnCheckoutLane(db, DELETE_HITS_BEFORE, [before.toISOString()]);
}

/** Counts one hit of `key` in the window starting at `windowStartSeconds` (Unix time); answers the new count. */
export async function countHitAt(db: Database, key: string, windowStartSeconds: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`insert into rate_limit_hits (key, window_start, count)
      values (${key}, to_timestamp(${windowStartSeconds}), 1)
      on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
      returning count`,
  );
  return Number(rows[0]?.count);
}

/** Deletes up to `batch` windows that started before `before` (retention: short statements); answers how many. */
export async function deleteHitsBatchBefore(db: Database, before: Date, batch: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`with gone as (
          delete from rate_limit_hits where ctid in (
            select ctid from rate_limit_hits
            where window_start < ${before.toISOString()}::timestamptz
            limit ${batch}
          ) returning 1
        )
        select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
