import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentAttempts, type PaymentAttemptRow } from '../db/schema.ts';
import { BLOCKING_STATUSES } from './attempt-status.ts';

export type NewAttempt = typeof paymentAttempts.$inferInsert;

export async function listAttempts(db: Database, sessionId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.sessionId, sessionId))
    .orderBy(paymentAttempts.createdAt, paymentAttempts.id);
}

export async function latestAttempt(db: Database, sessionId: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.sessionId, sessionId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  return row;
}

export async function blockingAttempts(db: Database, sessionId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.sessionId, sessionId), inArray(paymentAttempts.status, [...BLOCKING_STATUSES])),
    );
}

/** Only a transaction recorded on this very session: another session's id reads as unknown. */
export async function findAttemptByTransaction(
  db: Database,
  sessionId: string,
  transactionId: number,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.sessionId, sessionId), eq(paymentAttempts.transactionId, transactionId)))
    .limit(1);
  return row;
}

export async function updateAttempt(
  db: Database,
  id: string,
  changes: Partial<Omit<NewAttempt, 'id' | 'sessionId' | 'createdAt'>>,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.update(paymentAttempts).set(changes).where(eq(paymentAttempts.id, id)).returning();
  return row;
}
