import { lt, sql } from 'drizzle-orm';
import type { WindowLimit } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { rateLimitHits } from '../db/schema.ts';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Rows this much older than now are no use to any window; swept now and then by the hits themselves. */
const KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY = 200;

/**
 * Fixed windows counted in the database, so the limit holds across every instance on one PostgreSQL:
 * one upsert per hit, `count + 1`, and the count it returns decides. A burst at a window's edge may get
 * up to twice the limit — accepted for one statement per hit and no clock coordination.
 */
export async function hit(db: Database, key: string, limit: WindowLimit, now: Date): Promise<RateVerdict> {
  const windowStartMs = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const windowStart = new Date(windowStartMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (Math.random() * SWEEP_EVERY < 1) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - KEEP_MS)));
  }
  const count = row?.count ?? 1;
  if (count <= limit.max) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStartMs + limit.windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}
