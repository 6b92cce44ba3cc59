import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { olderThan } from '../db/newest-first.ts';
import type { PaymentLinkStatus } from '../../contract/payment-links/payment-link.ts';
import type { Database } from '../db/database.ts';
import {
  checkoutSessions,
  paymentAttempts,
  paymentLinks,
  type NewPaymentLinkRow,
  type PaymentLinkRow,
} from '../db/schema.ts';
import { listPayments } from '../payments/payment-list-repository.ts';
import { NET_CENTS } from '../payments/money-figures-repository.ts';

/** The link's row, as its repository hands it out (db/schema is read by repositories only). */
export type { PaymentLinkRow } from '../db/rows.ts';

export async function findLinkById(db: Database, id: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id)).limit(1);
  return row;
}

export async function findLinkByCode(db: Database, code: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.code, code)).limit(1);
  return row;
}

/** The link's row, locked until the transaction ends (PATCH, expiry, a payment taking a slot). */
export async function lockLink(db: Database, id: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id)).for('update');
  return row;
}

/** The columns a PATCH may change (patch-link.ts). */
export type LinkChanges = Partial<Omit<NewPaymentLinkRow, 'id' | 'code' | 'createdAt'>>;

/** The link as changed, or undefined if there is none with this id. */
export async function updateLink(
  db: Database,
  id: string,
  changes: LinkChanges,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db.update(paymentLinks).set(changes).where(eq(paymentLinks.id, id)).returning();
  return row;
}

/**
 * Links whose expiry has passed while they were active and not used up, and not announced yet (or only the
 * link `id`): up to `limit`, claimed with SKIP LOCKED until the transaction ends, so several instances
 * share the sweep and each expiry is announced once (expire-links.ts).
 */
export async function claimExpiredUnannouncedLinks(
  db: Database,
  now: Date,
  limit: number,
  id?: string,
): Promise<PaymentLinkRow[]> {
  const t = paymentLinks;
  return db
    .select()
    .from(t)
    .where(
      and(
        id ? eq(t.id, id) : undefined,
        eq(t.active, true),
        isNotNull(t.expiresAt),
        lte(t.expiresAt, now),
        isNull(t.expiredAnnouncedAt),
        or(isNull(t.maxPayments), sql`${t.paymentsCount} < ${t.maxPayments}`),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Links used up and not announced yet (or only the link `id`): up to `limit`, claimed until the transaction
 * ends, so each completion is announced once whoever gets there first (complete-links.ts). The sweep skips
 * rows another transaction holds; the announcement right after a payment (`id`) waits for its link instead:
 * a shopper refused the last slot may hold the row for a moment, and skipping it left the event to the next
 * sweep. Once the lock is granted the row is read again, so a completion announced meanwhile is not repeated.
 */
export async function claimCompletedUnannouncedLinks(
  db: Database,
  limit: number,
  id?: string,
): Promise<PaymentLinkRow[]> {
  const t = paymentLinks;
  const due = db
    .select()
    .from(t)
    .where(and(id ? eq(t.id, id) : undefined, isNotNull(t.completedAt), isNull(t.completionAnnouncedAt)))
    .limit(limit);
  return id ? due.for('update') : due.for('update', { skipLocked: true });
}

/** `payment_link.completed` is written with this, in the same transaction: the link as marked. */
export async function markLinkCompletionAnnounced(
  db: Database,
  id: string,
  now: Date,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .update(paymentLinks)
    .set({ completionAnnouncedAt: now })
    .where(eq(paymentLinks.id, id))
    .returning();
  return row;
}

/** `payment_link.expired` is written with this, in the same transaction: the link as marked. */
export async function markLinkExpiryAnnounced(
  db: Database,
  id: string,
  now: Date,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .update(paymentLinks)
    // Its object changed (status `expired`): updated_at says so, as events.md has merchants compare it.
    .set({ expiredAnnouncedAt: now, updatedAt: now })
    .where(eq(paymentLinks.id, id))
    .returning();
  return row;
}

/**
 * Designer scenarios only (payment-links/demo-links.ts): a link made expired (its expiry moved into the
 * past) or inactive, as a real expiry or deactivation leaves it. The merchant API refuses a past expiry.
 */
export async function setDemoLinkState(
  db: Database,
  id: string,
  expiresAt: Date | null,
  active = true,
): Promise<void> {
  await db.update(paymentLinks).set({ expiresAt, active }).where(eq(paymentLinks.id, id));
}

/**
 * Inserts unless the idempotency key is taken; then answers the link that holds it (the caller compares
 * request hashes). The unique key, not a prior read, decides, so two racing requests agree.
 */
export async function insertLink(
  db: Database,
  row: NewPaymentLinkRow,
): Promise<{ created: boolean; row: PaymentLinkRow }> {
  const [created] = await db.insert(paymentLinks).values(row).onConflictDoNothing().returning();
  if (created) return { created: true, row: created };
  if (row.idempotencyKey === undefined || row.idempotencyKey === null) {
    throw new Error('payment link insert conflicted without an idempotency key');
  }
  const [existing] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.idempotencyKey, row.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error('payment link insert conflicted but no link holds the key');
  return { created: false, row: existing };
}

/** Captured minus refunded over each link's payments, in cents (0 for a link without any). */
export async function amountsCollected(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  const amounts = new Map<string, number>();
  if (ids.length === 0) return amounts;
  const rows = await db
    .select({
      linkId: checkoutSessions.paymentLinkId,
      amount: NET_CENTS,
    })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(inArray(checkoutSessions.paymentLinkId, [...ids]))
    .groupBy(checkoutSessions.paymentLinkId);
  for (const row of rows) if (row.linkId !== null) amounts.set(row.linkId, Number(row.amount));
  return amounts;
}

/** linkStatus (link-status.ts) in SQL, for the list's `status` filter: change both together. */
function linkStatusCondition(status: PaymentLinkStatus, now: Date): SQL {
  const t = paymentLinks;
  const completed = sql`(${t.maxPayments} is not null and ${t.paymentsCount} >= ${t.maxPayments})`;
  const expired = sql`(${t.expiresAt} is not null and ${t.expiresAt} <= ${now.toISOString()}::timestamptz)`;
  switch (status) {
    case 'inactive':
      return sql`not ${t.active}`;
    case 'completed':
      return sql`(${t.active} and ${completed})`;
    case 'expired':
      return sql`(${t.active} and not ${completed} and ${expired})`;
    case 'active':
      return sql`(${t.active} and not ${completed} and not ${expired})`;
  }
}

export interface LinkListQuery {
  limit: number;
  status?: PaymentLinkStatus;
  createdFrom?: Date;
  createdTo?: Date;
  /** Case-insensitive, in the title and the reference. */
  search?: string;
  after?: { createdAt: Date; id: string };
  now: Date;
}

/** `%`, `_` and `\` are the merchant's characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Newest first; `limit + 1` rows, so the caller knows whether there are more. */
export async function listLinks(db: Database, query: LinkListQuery): Promise<PaymentLinkRow[]> {
  const t = paymentLinks;
  const filters: (SQL | undefined)[] = [
    query.status ? linkStatusCondition(query.status, query.now) : undefined,
    query.createdFrom ? gte(t.createdAt, query.createdFrom) : undefined,
    query.createdTo ? lte(t.createdAt, query.createdTo) : undefined,
    query.search
      ? or(ilike(t.title, likePattern(query.search)), ilike(t.reference, likePattern(query.search)))
      : undefined,
    olderThan(t.createdAt, t.id, query.after),
  ];
  return db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1);
}

/** Whether any session of the link has a payment attempt (its price is then fixed). */
export async function linkHasPayments(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(eq(checkoutSessions.paymentLinkId, id))
    .limit(1);
  return rows.length > 0;
}

/** The link's payments (attempts of its sessions), newest first, `limit + 1` rows. */
export async function listLinkPayments(
  db: Database,
  id: string,
  limit: number,
  after?: { createdAt: Date; id: string },
) {
  return listPayments(db, { paymentLinkId: id }, { cursor: after, limit: limit + 1 });
}
