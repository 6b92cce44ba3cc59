import { and, asc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { paymentAttempts, receivableReads, receivables } from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { CAPTURED_STATUSES } from '../payments/state-machine.ts';
import type { ReceivableStatus } from './receivable-machine.ts';

export type ReceivableRow = typeof receivables.$inferSelect;

const CAPTURED = sql.raw(sqlStatusList(CAPTURED_STATUSES));

/**
 * Every captured payment without a read schedule gets one, due now; a payment changed since its last read (a
 * refund, a chargeback, a capture) is due now too. Answers how many were enrolled or woken.
 */
export async function enrolChangedPayments(db: Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const enrolled = await queryRows(
    db,
    sql`insert into receivable_reads (attempt_id, next_read_at)
        select attempt.id, ${at}::timestamptz from payment_attempts attempt
        where attempt.status in (${CAPTURED})
          and not exists (select 1 from receivable_reads r where r.attempt_id = attempt.id)
        on conflict (attempt_id) do nothing
        returning attempt_id`,
  );
  const woken = await queryRows(
    db,
    sql`update receivable_reads r set next_read_at = ${at}::timestamptz
        from payment_attempts attempt
        where attempt.id = r.attempt_id
          and r.attempt_seen_at is not null and attempt.updated_at > r.attempt_seen_at
          and (r.next_read_at is null or r.next_read_at > ${at}::timestamptz)
        returning r.attempt_id`,
  );
  return enrolled.length + woken.length;
}

/**
 * Claims due reads (FOR UPDATE SKIP LOCKED and a lease, as the outbox's deliveries): two instances never read
 * one payment at once. Each claim carries the payment's `updated_at` as it was then.
 */
export async function claimDueReads(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<{ attemptId: string; attemptUpdatedAt: Date; failures: number; readCount: number }[]> {
  const at = options.now.toISOString();
  const rows = await queryRows(
    db,
    sql`update receivable_reads r set locked_until = ${options.leaseUntil.toISOString()}::timestamptz
        from payment_attempts attempt
        where attempt.id = r.attempt_id and r.attempt_id in (
          select attempt_id from receivable_reads
          where next_read_at <= ${at}::timestamptz
            and (locked_until is null or locked_until <= ${at}::timestamptz)
          order by next_read_at
          limit ${options.limit}
          for update skip locked
        )
        returning r.attempt_id, attempt.updated_at, r.failures, r.read_count`,
  );
  return rows.map((row) => ({
    attemptId: String(row.attempt_id),
    attemptUpdatedAt: new Date(String(row.updated_at)),
    failures: Number(row.failures),
    readCount: Number(row.read_count),
  }));
}

/** Gives a claim back unread (the job's meter said wait): due again at once, by whichever instance. */
export async function releaseRead(db: Database, attemptId: string): Promise<void> {
  await db.update(receivableReads).set({ lockedUntil: null }).where(eq(receivableReads.attemptId, attemptId));
}

/** A read that worked: the next one scheduled (or none), the lease released, the failures forgotten. */
export async function scheduleNextRead(
  db: Database,
  attemptId: string,
  values: { nextReadAt: Date | null; attemptSeenAt: Date; readCount: number; at: Date },
): Promise<void> {
  await db
    .update(receivableReads)
    .set({
      nextReadAt: values.nextReadAt,
      attemptSeenAt: values.attemptSeenAt,
      readCount: values.readCount,
      failures: 0,
      lastReadAt: values.at,
      lastError: null,
      lockedUntil: null,
    })
    .where(eq(receivableReads.attemptId, attemptId));
}

/** A read that failed (the gateway did not answer): tried again after the back-off. */
export async function scheduleRetry(
  db: Database,
  attemptId: string,
  values: { nextReadAt: Date; failures: number; error: string; at: Date },
): Promise<void> {
  await db
    .update(receivableReads)
    .set({
      nextReadAt: values.nextReadAt,
      failures: values.failures,
      lastError: values.error.slice(0, 200),
      lastReadAt: values.at,
      lockedUntil: null,
    })
    .where(eq(receivableReads.attemptId, attemptId));
}

export async function receivablesOfAttempt(db: Database, attemptId: string): Promise<ReceivableRow[]> {
  return db
    .select()
    .from(receivables)
    .where(eq(receivables.attemptId, attemptId))
    .orderBy(asc(receivables.installment));
}

export type ReceivableWrite = Omit<ReceivableRow, 'createdAt' | 'updatedAt'>;

/** Writes the receivables of one payment as read (inserted or updated by their installment). */
export async function upsertReceivables(
  tx: Database,
  rows: readonly ReceivableWrite[],
  now: Date,
): Promise<void> {
  for (const row of rows) {
    await tx
      .insert(receivables)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [receivables.attemptId, receivables.installment],
        set: {
          installments: row.installments,
          cardBrand: row.cardBrand,
          expectedOn: row.expectedOn,
          grossAmount: row.grossAmount,
          feeAmount: row.feeAmount,
          netAmount: row.netAmount,
          status: row.status,
          gatewayStatus: row.gatewayStatus,
          paidAt: row.paidAt,
          updatedAt: now,
        },
      });
  }
}

export interface ReceivableFilter {
  from?: string;
  to?: string;
  statuses?: readonly ReceivableStatus[];
  methods?: readonly string[];
  /** Rows after this one in (expected_on, id) order. */
  after?: { expectedOn: string; id: string };
  limit: number;
}

/** Receivables by day, then id: the merchant API's and the console's list and CSV. */
export async function listReceivables(db: Database, filter: ReceivableFilter): Promise<ReceivableRow[]> {
  const where: SQL[] = [];
  if (filter.from !== undefined) where.push(gte(receivables.expectedOn, filter.from));
  if (filter.to !== undefined) where.push(lte(receivables.expectedOn, filter.to));
  if (filter.statuses && filter.statuses.length > 0)
    where.push(inArray(receivables.status, [...filter.statuses]));
  if (filter.methods && filter.methods.length > 0)
    where.push(inArray(receivables.paymentMethod, [...filter.methods] as ReceivableRow['paymentMethod'][]));
  if (filter.after) {
    const after = or(
      gt(receivables.expectedOn, filter.after.expectedOn),
      and(eq(receivables.expectedOn, filter.after.expectedOn), gt(receivables.id, filter.after.id)),
    );
    if (after) where.push(after);
  }
  return db
    .select()
    .from(receivables)
    .where(and(...where))
    .orderBy(asc(receivables.expectedOn), asc(receivables.id))
    .limit(filter.limit);
}

/** A payment's read schedule (tests, support). */
export async function readSchedule(db: Database, attemptId: string) {
  const [row] = await db.select().from(receivableReads).where(eq(receivableReads.attemptId, attemptId));
  return row;
}

/** Every read still following something is due now (the mock gateway's calendar moved, `npm start` only). */
export async function wakeOpenReads(db: Database, now: Date): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update receivable_reads set next_read_at = ${now.toISOString()}::timestamptz
        where next_read_at is not null returning attempt_id`,
  );
  return rows.length;
}

// Sums come back as text from bigint on one driver and numbers on the other: read as numbers either way.
const sums = {
  count: sql`count(*)::int`.mapWith(Number),
  gross: sql`coalesce(sum(${receivables.grossAmount}), 0)::bigint`.mapWith(Number),
  fee: sql`coalesce(sum(${receivables.feeAmount}), 0)::bigint`.mapWith(Number),
  net: sql`coalesce(sum(${receivables.netAmount}), 0)::bigint`.mapWith(Number),
  feeUnknown: sql`(count(*) - count(${receivables.netAmount}))::int`.mapWith(Number),
  amount:
    sql`coalesce(sum(coalesce(${receivables.netAmount}, ${receivables.grossAmount})), 0)::bigint`.mapWith(
      Number,
    ),
};

export interface SumsRow {
  count: number;
  gross: number;
  fee: number;
  net: number;
  feeUnknown: number;
  amount: number;
}

/** The calendar's groups: per day, method, brand and status, with their sums (canceled ones left out). */
export async function receivableDayGroups(db: Database, range: { from: string; to: string }) {
  const rows = await db
    .select({
      day: receivables.expectedOn,
      paymentMethod: receivables.paymentMethod,
      cardBrand: receivables.cardBrand,
      status: receivables.status,
      ...sums,
    })
    .from(receivables)
    .where(
      and(
        gte(receivables.expectedOn, range.from),
        lte(receivables.expectedOn, range.to),
        inArray(receivables.status, ['expected', 'paid']),
      ),
    )
    .groupBy(receivables.expectedOn, receivables.paymentMethod, receivables.cardBrand, receivables.status)
    .orderBy(asc(receivables.expectedOn), asc(receivables.paymentMethod), asc(receivables.cardBrand));
  return rows;
}

/** Sums by status of the receivables due in a range (the next 7, 30, 90 days). */
export async function receivableSumsByStatus(db: Database, range: { from: string; to: string }) {
  const rows = await db
    .select({ status: receivables.status, ...sums })
    .from(receivables)
    .where(and(gte(receivables.expectedOn, range.from), lte(receivables.expectedOn, range.to)))
    .groupBy(receivables.status);
  return rows;
}

/**
 * The expected card receivables of a range with what their payment holds now (the amount a fee simulation of the
 * sale is asked for), by day.
 */
export async function expectedCardReceivables(
  db: Database,
  range: { from: string; to: string },
  limit: number,
) {
  return db
    .select({
      receivable: receivables,
      capturedAmount: paymentAttempts.capturedAmount,
      refundedAmount: paymentAttempts.refundedAmount,
    })
    .from(receivables)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, receivables.attemptId))
    .where(
      and(
        gte(receivables.expectedOn, range.from),
        lte(receivables.expectedOn, range.to),
        eq(receivables.status, 'expected'),
        eq(receivables.paymentMethod, 'credit_card'),
      ),
    )
    .orderBy(asc(receivables.expectedOn), asc(receivables.id))
    .limit(limit);
}

const STANDING = sql.raw(sqlStatusList(['expected', 'paid'] satisfies ReceivableStatus[]));

/**
 * Each payment's fee and net as its receivables know them (the payments CSV): the sums over its receivables not
 * canceled; null when it has none, or when any of them does not know its fee ("fee unknown": a PIX or boleto,
 * or a card whose gateway answer gave none).
 */
export async function feesOfPayments(
  db: Database,
  attemptIds: readonly string[],
): Promise<Map<string, { fee: number; net: number } | null>> {
  const fees = new Map<string, { fee: number; net: number } | null>();
  if (attemptIds.length === 0) return fees;
  const rows = await db
    .select({
      attemptId: receivables.attemptId,
      fee: sql<string | null>`sum(${receivables.feeAmount})`,
      net: sql<string | null>`sum(${receivables.netAmount})`,
      unknown: sql<string>`count(*) filter (where ${receivables.feeAmount} is null or ${receivables.netAmount} is null)`,
    })
    .from(receivables)
    .where(and(inArray(receivables.attemptId, [...attemptIds]), sql`${receivables.status} in (${STANDING})`))
    .groupBy(receivables.attemptId);
  for (const row of rows) {
    fees.set(
      row.attemptId,
      Number(row.unknown) > 0 || row.fee === null || row.net === null
        ? null
        : { fee: Number(row.fee), net: Number(row.net) },
    );
  }
  return fees;
}
