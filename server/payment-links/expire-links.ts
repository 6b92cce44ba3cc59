import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentLinks } from '../db/schema.ts';
import { writeLinkEvent } from './link-events.ts';

const BATCH = 50;

/**
 * `payment_link.expired`, once per link whose expiry has passed while it was active and not used up: the
 * flag and the event commit together, rows claimed with SKIP LOCKED (several instances share the sweep).
 * The link already reads as expired without it (its status is derived); this is the merchant's notice.
 * Run by the sweeps job and by a visit of the expired link (so a quiet server still announces it).
 */
export async function announceExpiredLinks(
  db: Database,
  options: { now: Date; publicUrl: string; id?: string },
): Promise<number> {
  const { now } = options;
  const t = paymentLinks;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(t)
      .where(
        and(
          options.id ? eq(t.id, options.id) : undefined,
          eq(t.active, true),
          isNotNull(t.expiresAt),
          lte(t.expiresAt, now),
          isNull(t.expiredAnnouncedAt),
          or(isNull(t.maxPayments), sql`${t.paymentsCount} < ${t.maxPayments}`),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const link of due) {
      const [updated] = await tx
        .update(t)
        .set({ expiredAnnouncedAt: now })
        .where(eq(t.id, link.id))
        .returning();
      if (updated) await writeLinkEvent(tx, 'payment_link.expired', updated, options);
    }
    return due.length;
  });
}
