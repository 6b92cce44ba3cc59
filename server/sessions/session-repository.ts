import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { checkoutSessions, type CheckoutSessionRow, type NewCheckoutSessionRow } from '../db/schema.ts';

export type SessionStatus = CheckoutSessionRow['status'];

/**
 * Lazy expiry: an open session past `expires_at` reads as expired without any job. A completed one stays
 * complete: its money was taken.
 */
export function effectiveStatus(row: CheckoutSessionRow, now: Date): SessionStatus {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export async function findSession(db: Database, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row;
}

/**
 * Inserts unless the idempotency key is taken; then answers the session that holds it (the caller
 * compares request hashes). The unique key, not a prior read, decides, so two racing requests agree.
 */
export async function insertSession(
  db: Database,
  row: NewCheckoutSessionRow,
): Promise<{ created: boolean; row: CheckoutSessionRow }> {
  const inserted = await db.insert(checkoutSessions).values(row).onConflictDoNothing().returning();
  const [created] = inserted;
  if (created) return { created: true, row: created };
  if (row.idempotencyKey === undefined || row.idempotencyKey === null) {
    throw new Error('session insert conflicted without an idempotency key');
  }
  const [existing] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.idempotencyKey, row.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error('session insert conflicted but no session holds the key');
  return { created: false, row: existing };
}

export async function markSessionExpired(
  db: Database,
  id: string,
  now: Date,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning();
  return row;
}
