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
  if (row) rememberSession(db, row);
  return row;
}

/**
 * Sessions lately read or created, per database handle. What a session fixes (amount, items, methods, 3DS
 * policy, customer…) never changes after creation, so a payment is checked against a remembered copy without
 * a read; its status may be stale, which is safe: beginning a payment re-checks `open` and the expiry in the
 * database under the session's row lock (begin-attempt.ts), and only a refusal reads again. A shopper loads
 * the session before paying, so the payment usually finds it here (bench:
 * docs/decisions/075-two-round-trips-per-payment.md).
 */
const remembered = new WeakMap<Database, Map<string, CheckoutSessionRow>>();
const REMEMBERED_MAX = 10_000;

function rememberSession(db: Database, row: CheckoutSessionRow): void {
  let rows = remembered.get(db);
  if (!rows) remembered.set(db, (rows = new Map<string, CheckoutSessionRow>()));
  rows.delete(row.id);
  rows.set(row.id, row);
  // Oldest first (insertion order): a bounded memory, whatever the traffic.
  if (rows.size > REMEMBERED_MAX) {
    const oldest = rows.keys().next();
    if (!oldest.done) rows.delete(oldest.value);
  }
}

/** The session as lately seen (its status is a hint, see above), or read from the database. */
export async function findSessionForPayment(
  db: Database,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return remembered.get(db)?.get(id) ?? findSession(db, id);
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
  if (created) {
    rememberSession(db, created);
    return { created: true, row: created };
  }
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
