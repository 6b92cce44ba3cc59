import { gte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentAttempts } from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { GROSS_CENTS, REFUND_CENTS } from '../payments/money-figures-repository.ts';

const AUTHORIZED = sql.raw(sqlStatusList(['authorized']));
const REFUSED = sql.raw(sqlStatusList(['refused']));

/**
 * The Home page's figures: per São Paulo day (UTC−3, no daylight saving since 2019) and method, from `since`, by
 * the day each payment was made. Gross and refunds are the rule of every money figure of the console
 * (money-figures-repository.ts): the links list and a link's page add up the same way.
 */
export async function dailyPaymentFigures(
  db: Database,
  since: Date,
): Promise<
  {
    day: string;
    method: string;
    approvedCount: number;
    gross: number;
    refunds: number;
    refusedCount: number;
  }[]
> {
  const day = sql<string>`to_char((${paymentAttempts.createdAt} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
  const approved = sql`(${paymentAttempts.capturedAmount} > 0 or ${paymentAttempts.status} = ${AUTHORIZED})`;
  const rows = await db
    .select({
      day,
      method: paymentAttempts.paymentMethod,
      approvedCount: sql<string>`count(*) filter (where ${approved})`,
      gross: GROSS_CENTS,
      refunds: REFUND_CENTS,
      refusedCount: sql<string>`count(*) filter (where ${paymentAttempts.status} = ${REFUSED})`,
    })
    .from(paymentAttempts)
    .where(gte(paymentAttempts.createdAt, since))
    .groupBy(day, paymentAttempts.paymentMethod);
  return rows.map((row) => ({
    day: row.day,
    method: row.method,
    approvedCount: Number(row.approvedCount),
    gross: Number(row.gross),
    refunds: Number(row.refunds),
    refusedCount: Number(row.refusedCount),
  }));
}
