import { lt, sql } from 'drizzle-orm';
import type { WindowLimit } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { rateLimitHits } from '../db/schema.ts';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateRule {
  key: string;
  limit: WindowLimit;
}

/** Rows this much older than now are no use to any window; swept now and then by the hits themselves. */
const KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY = 200;

function windowStartMs(limit: WindowLimit, now: Date): number {
  return Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
}

/**
 * Fixed windows counted in the database, so the limits hold across every instance on one PostgreSQL: one
 * upsert for all the rules of a request (`count + 1`, the returned counts decide). The first rule over
 * its limit answers. A burst at a window's edge may get up to twice a limit — accepted for one statement
 * per request and no clock coordination.
 */
export async function hitAll(db: Database, rules: readonly RateRule[], now: Date): Promise<RateVerdict> {
  const rows = rules.map((rule) => ({
    key: rule.key,
    windowStart: new Date(windowStartMs(rule.limit, now)),
    count: 1,
  }));
  const counted = await db
    .insert(rateLimitHits)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ key: rateLimitHits.key, count: rateLimitHits.count });
  if (Math.random() * SWEEP_EVERY < 1) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - KEEP_MS)));
  }
  for (const rule of rules) {
    const count = counted.find((row) => row.key === rule.key)?.count ?? 1;
    if (count > rule.limit.max) {
      const end = windowStartMs(rule.limit, now) + rule.limit.windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
    }
  }
  return { allowed: true };
}
