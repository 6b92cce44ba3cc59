import { lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitHits } from '../db/schema.ts';

/*
 * The queries of rate_limit_hits: fixed-window counters shared by every instance. When a window starts
 * and what a count allows is rate-limit.ts's business.
 */

/**
 * The upsert that counts one hit per window (`count + 1`, returning `key, count`), as SQL, so a caller can
 * put it in a CTE of its own statement. `hits` must not be empty.
 */
export function upsertHitsSql(hits: readonly { key: string; windowStart: Date }[]): SQL {
  const values = hits.map((hit) => sql`(${hit.key}, ${hit.windowStart.toISOString()}::timestamptz, 1)`);
  return sql`insert into rate_limit_hits (key, window_start, count) values ${sql.join(values, sql`, `)}
    on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
    returning key, count`;
}

/** Windows that started before `before` (cheap with the window index). */
export async function deleteHitsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
