import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  checkoutSessions,
  paymentAttempts,
  type CheckoutSessionRow,
  type PaymentAttemptRow,
} from '../db/schema.ts';
import { isAttemptStatus } from '../payments/state-machine.ts';

export interface ConsolePaymentFilters {
  search?: string | undefined;
  status?: string | undefined;
  method?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
}

export interface ConsolePaymentRow {
  attempt: PaymentAttemptRow;
  session: CheckoutSessionRow;
}

/** `like` reads `%` and `_` as wildcards: a typed one is a plain character. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The one search box: whatever support was told — a payment or session id, the order reference, the
 * gateway's transaction id or `ref_id`, the payer's e-mail, a CPF/CNPJ (with or without punctuation) or the
 * card's last four — each compared exactly (indexed), any of them matching. From 3 characters, the start
 * of an order reference, of a payer's e-mail or of their name matches too (indexed prefixes, migration
 * 0020): support is often told only part of it.
 */
function searchCondition(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const conditions: (SQL | undefined)[] = [
    eq(paymentAttempts.id, q),
    eq(paymentAttempts.sessionId, q),
    eq(checkoutSessions.reference, q),
    eq(paymentAttempts.gatewayRefId, q),
  ];
  if (q.includes('@')) conditions.push(sql`lower(${paymentAttempts.payerEmail}) = ${q.toLowerCase()}`);
  if (q.length >= 3) {
    const prefix = likePrefix(q);
    const lowerPrefix = likePrefix(q.toLowerCase());
    conditions.push(
      sql`${checkoutSessions.reference} like ${prefix}`,
      sql`lower(${paymentAttempts.payerEmail}) like ${lowerPrefix}`,
      sql`lower(${paymentAttempts.payerName}) like ${lowerPrefix}`,
    );
  }
  if (/^\d{4}$/.test(q)) conditions.push(eq(paymentAttempts.cardLast4, q));
  if (/^\d{1,15}$/.test(q)) conditions.push(eq(paymentAttempts.transactionId, Number(q)));
  const document = q.replace(/[.\-/\s]/g, '').toUpperCase();
  if (/^\d{11}$|^[0-9A-Z]{12}\d{2}$/.test(document)) {
    conditions.push(
      eq(paymentAttempts.customerDocument, document),
      sql`${checkoutSessions.customer} -> 'document' ->> 'number' = ${document}`,
    );
  }
  return or(...conditions);
}

function filterConditions(filters: ConsolePaymentFilters): SQL | undefined {
  const { status } = filters;
  return and(
    status ? (isAttemptStatus(status) ? eq(paymentAttempts.status, status) : sql`false`) : undefined,
    filters.method ? sql`${paymentAttempts.paymentMethod} = ${filters.method}` : undefined,
    filters.from ? gte(paymentAttempts.createdAt, filters.from) : undefined,
    filters.to ? lte(paymentAttempts.createdAt, filters.to) : undefined,
    filters.amountMin !== undefined ? gte(paymentAttempts.amount, filters.amountMin) : undefined,
    filters.amountMax !== undefined ? lte(paymentAttempts.amount, filters.amountMax) : undefined,
    searchCondition(filters.search),
  );
}

/** One page of the filtered payments, newest first, after the cursor (created_at, id). */
export async function searchConsolePayments(
  db: Database,
  filters: ConsolePaymentFilters,
  page: { cursor: { createdAt: Date; id: string } | undefined; limit: number },
): Promise<ConsolePaymentRow[]> {
  const { cursor } = page;
  return db
    .select({ attempt: paymentAttempts, session: checkoutSessions })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(
      and(
        filterConditions(filters),
        cursor
          ? or(
              lt(paymentAttempts.createdAt, cursor.createdAt),
              and(eq(paymentAttempts.createdAt, cursor.createdAt), lt(paymentAttempts.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(page.limit);
}

/** The totals of everything the filters select (every page, not just one). */
export async function totalConsolePayments(
  db: Database,
  filters: ConsolePaymentFilters,
): Promise<{ count: number; amount: number; captured: number; refunded: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${paymentAttempts.amount}), 0)`,
      captured: sql<string>`coalesce(sum(${paymentAttempts.capturedAmount}), 0)`,
      refunded: sql<string>`coalesce(sum(${paymentAttempts.refundedAmount}), 0)`,
    })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(filterConditions(filters));
  return {
    count: Number(row?.count ?? 0),
    amount: Number(row?.amount ?? 0),
    captured: Number(row?.captured ?? 0),
    refunded: Number(row?.refunded ?? 0),
  };
}

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
