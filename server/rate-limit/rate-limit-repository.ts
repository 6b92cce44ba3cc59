import type { Database } from '../db/database.ts';
import { queryOnCheckoutLane } from '../db/query-rows.ts';

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

const DELETE_HITS_BEFORE = 'delete from rate_limit_hits where window_start < $1::timestamptz';

/**
 * Windows that started before `before` (cheap with the window index). On the checkout lane: a payment awaits
 * it (one in 200), so it must not wait for a connection of the general pool.
 */
export async function deleteHitsBefore(db: Database, before: Date): Promise<void> {
  await queryOnCheckoutLane(db, DELETE_HITS_BEFORE, [before.toISOString()]);
}
