import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { outboxDeliveries, outboxEvents, type OutboxDeliveryRow, type OutboxEventRow } from '../db/schema.ts';

export type OutboxStatus = OutboxEventRow['status'];

/** The merchant's list of events, newest first, of one status or all. */
export async function listEvents(
  db: Database,
  options: { status: OutboxStatus | undefined; limit: number },
): Promise<OutboxEventRow[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(options.status ? eq(outboxEvents.status, options.status) : undefined)
    .orderBy(desc(outboxEvents.createdAt), desc(outboxEvents.id))
    .limit(options.limit);
}

/** One event with its delivery attempts, oldest first. */
export async function findEventWithDeliveries(
  db: Database,
  id: string,
): Promise<{ event: OutboxEventRow; deliveries: OutboxDeliveryRow[] } | undefined> {
  const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
  if (!event) return undefined;
  const deliveries = await db
    .select()
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.eventId, event.id))
    .orderBy(outboxDeliveries.id);
  return { event, deliveries };
}

/** Back to the queue, due now (a failed event the merchant asks to resend). */
export async function requeueEvent(db: Database, id: string, now: Date): Promise<OutboxEventRow | undefined> {
  const [row] = await db
    .update(outboxEvents)
    .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null })
    .where(eq(outboxEvents.id, id))
    .returning();
  return row;
}
