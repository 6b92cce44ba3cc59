import { gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentAttempts } from '../db/schema.ts';

/** The Home page's figures: per São Paulo day (UTC−3, no daylight saving since 2019) and method, from `since`. */
export async function dailyPaymentFigures(
  db: Database,
  since: Date,
): Promise<
  { day: string; method: string; approvedCount: number; approvedAmount: number; refusedCount: number }[]
> {
  const day = sql<string>`to_char((${paymentAttempts.createdAt} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
  const approved = sql`(${paymentAttempts.capturedAmount} > 0 or ${paymentAttempts.status} = 'authorized')`;
  const rows = await db
    .select({
      day,
      method: paymentAttempts.paymentMethod,
      approvedCount: sql<string>`count(*) filter (where ${approved})`,
      approvedAmount: sql<string>`coalesce(sum(${paymentAttempts.amount}) filter (where ${approved}), 0)`,
      refusedCount: sql<string>`count(*) filter (where ${paymentAttempts.status} = 'refused')`,
    })
    .from(paymentAttempts)
    .where(gte(paymentAttempts.createdAt, since))
    .groupBy(day, paymentAttempts.paymentMethod);
  return rows.map((row) => ({
    day: row.day,
    method: row.method,
    approvedCount: Number(row.approvedCount),
    approvedAmount: Number(row.approvedAmount),
    refusedCount: Number(row.refusedCount),
  }));
}
