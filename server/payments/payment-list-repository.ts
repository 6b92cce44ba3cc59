import { and, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { olderThan } from '../db/newest-first.ts';
import type { Database } from '../db/database.ts';
import {
  checkoutSessions,
  paymentAttempts,
  paymentEvents,
  paymentLinks,
  type CheckoutSessionRow,
  type PaymentAttemptRow,
} from '../db/schema.ts';
import { GROSS_CENTS, REFUND_CENTS } from './money-figures-repository.ts';
import { isAttemptStatus, type AttemptStatus } from './state-machine.ts';

type PaymentEventRow = typeof paymentEvents.$inferSelect;

export interface PaymentWithSession {
  attempt: PaymentAttemptRow;
  session: CheckoutSessionRow;
  /** The title of the payment link that opened the session; null for other sessions. */
  linkTitle: string | null;
}

/**
 * What selects payments, for the merchant API's list, a link's payments, the console's list, its totals and
 * its CSV export alike: every filter optional, all of them together.
 */
export interface PaymentFilters {
  /** A status the state machine does not know matches no payment. */
  status?: string | undefined;
  /**
   * The status as the console shows it (contract/console/payment-status-words.ts, shownPaymentStatus): `paid` is
   * paid with nothing given back, `partially_refunded` and `refunded` count the money refunded too.
   */
  shownStatus?: string | undefined;
  session?: string | undefined;
  /** The sessions a payment link opened. */
  paymentLinkId?: string | undefined;
  method?: string | undefined;
  /** The console's search box (searchCondition). */
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
}

export interface PaymentPage {
  /** After this row (created_at, id), newest first. */
  cursor?: { createdAt: Date; id: string } | undefined;
  /** Rows read: one more than a page tells whether there is another. */
  limit: number;
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
      // What was sold: the start of an item's title (not indexed: a shop's own list, read a page at a time).
      sql`exists (select 1 from jsonb_array_elements(${checkoutSessions.items}) as item where lower(item ->> 'title') like ${lowerPrefix})`,
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

function attemptStatusCondition(status: string): SQL {
  return isAttemptStatus(status) ? eq(paymentAttempts.status, status) : sql`false`;
}

/** The payments that shownPaymentStatus would show as `shown`. */
function shownStatusCondition(shown: string): SQL | undefined {
  const paid: AttemptStatus = 'paid';
  const isPaid = eq(paymentAttempts.status, paid);
  const { refundedAmount, capturedAmount } = paymentAttempts;
  switch (shown) {
    case 'paid':
      return and(isPaid, eq(refundedAmount, 0));
    case 'partially_refunded':
      return and(isPaid, gt(refundedAmount, 0), lt(refundedAmount, capturedAmount));
    case 'refunded':
      return or(
        attemptStatusCondition(shown),
        and(isPaid, gt(refundedAmount, 0), gte(refundedAmount, capturedAmount)),
      );
    default:
      return attemptStatusCondition(shown);
  }
}

function filterConditions(filters: PaymentFilters): SQL | undefined {
  const { status, shownStatus } = filters;
  return and(
    status ? attemptStatusCondition(status) : undefined,
    shownStatus ? shownStatusCondition(shownStatus) : undefined,
    filters.session ? eq(paymentAttempts.sessionId, filters.session) : undefined,
    filters.paymentLinkId ? eq(checkoutSessions.paymentLinkId, filters.paymentLinkId) : undefined,
    filters.method ? sql`${paymentAttempts.paymentMethod} = ${filters.method}` : undefined,
    filters.from ? gte(paymentAttempts.createdAt, filters.from) : undefined,
    filters.to ? lte(paymentAttempts.createdAt, filters.to) : undefined,
    filters.amountMin !== undefined ? gte(paymentAttempts.amount, filters.amountMin) : undefined,
    filters.amountMax !== undefined ? lte(paymentAttempts.amount, filters.amountMax) : undefined,
    searchCondition(filters.search),
  );
}

/** The payments (attempts with their sessions) the filters select, newest first, after the cursor. */
export async function listPayments(
  db: Database,
  filters: PaymentFilters,
  page: PaymentPage,
): Promise<PaymentWithSession[]> {
  const { cursor } = page;
  return db
    .select({ attempt: paymentAttempts, session: checkoutSessions, linkTitle: paymentLinks.title })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, checkoutSessions.paymentLinkId))
    .where(and(filterConditions(filters), olderThan(paymentAttempts.createdAt, paymentAttempts.id, cursor)))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(page.limit);
}

/** The totals of everything the filters select (every page, not just one). */
export async function totalPayments(
  db: Database,
  filters: PaymentFilters,
): Promise<{ count: number; amount: number; captured: number; refunded: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${paymentAttempts.amount}), 0)`,
      captured: GROSS_CENTS,
      refunded: REFUND_CENTS,
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

/** One payment with its session and its recorded history (`payment_events`), oldest first. */
export async function findPaymentWithHistory(
  db: Database,
  id: string,
): Promise<(PaymentWithSession & { history: PaymentEventRow[] }) | undefined> {
  const [row] = await db
    .select({ attempt: paymentAttempts, session: checkoutSessions, linkTitle: paymentLinks.title })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, checkoutSessions.paymentLinkId))
    .where(eq(paymentAttempts.id, id));
  if (!row) return undefined;
  const history = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.attemptId, row.attempt.id))
    .orderBy(paymentEvents.id);
  return { ...row, history };
}
