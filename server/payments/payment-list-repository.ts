import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  checkoutSessions,
  paymentAttempts,
  paymentEvents,
  type CheckoutSessionRow,
  type PaymentAttemptRow,
} from '../db/schema.ts';
import { isAttemptStatus } from './state-machine.ts';

type PaymentEventRow = typeof paymentEvents.$inferSelect;

export interface PaymentWithSession {
  attempt: PaymentAttemptRow;
  session: CheckoutSessionRow;
}

export interface PaymentFilters {
  /** A status the state machine does not know matches no payment. */
  status?: string | undefined;
  session?: string | undefined;
  /** The sessions a payment link opened. */
  paymentLinkId?: string;
  from?: Date | undefined;
  to?: Date | undefined;
  /** After this row (created_at, id), newest first. */
  cursor?: { createdAt: Date; id: string } | undefined;
  /** Rows read: one more than a page tells whether there is another. */
  limit: number;
}

function statusFilter(status: string | undefined): SQL | undefined {
  if (!status) return undefined;
  return isAttemptStatus(status) ? eq(paymentAttempts.status, status) : sql`false`;
}

/** The merchant's payments (attempts with their sessions), newest first. */
export async function listPayments(db: Database, filters: PaymentFilters): Promise<PaymentWithSession[]> {
  const { cursor } = filters;
  return db
    .select({ attempt: paymentAttempts, session: checkoutSessions })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(
      and(
        statusFilter(filters.status),
        filters.session ? eq(paymentAttempts.sessionId, filters.session) : undefined,
        filters.paymentLinkId ? eq(checkoutSessions.paymentLinkId, filters.paymentLinkId) : undefined,
        filters.from ? gte(paymentAttempts.createdAt, filters.from) : undefined,
        filters.to ? lte(paymentAttempts.createdAt, filters.to) : undefined,
        cursor
          ? or(
              lt(paymentAttempts.createdAt, cursor.createdAt),
              and(eq(paymentAttempts.createdAt, cursor.createdAt), lt(paymentAttempts.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(filters.limit);
}

/** One payment with its session and its recorded history (`payment_events`), oldest first. */
export async function findPaymentWithHistory(
  db: Database,
  id: string,
): Promise<(PaymentWithSession & { history: PaymentEventRow[] }) | undefined> {
  const [row] = await db
    .select({ attempt: paymentAttempts, session: checkoutSessions })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(paymentAttempts.id, id));
  if (!row) return undefined;
  const history = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.attemptId, row.attempt.id))
    .orderBy(paymentEvents.id);
  return { ...row, history };
}
