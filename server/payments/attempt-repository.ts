import { and, desc, eq, inArray, max } from 'drizzle-orm';
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
  /** Only while the attempt still has this status (a retried write must not undo a later change). */
  onlyIfStatus?: string,
): Promise<PaymentAttemptRow | undefined> {
  const where =
    onlyIfStatus === undefined
      ? eq(paymentAttempts.id, id)
      : and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, onlyIfStatus));
  const [row] = await db.update(paymentAttempts).set(changes).where(where).returning();
  return row;
}

/** The highest gateway transaction id recorded (0 when none): the in-process mock numbers on from it. */
export async function highestTransactionId(db: Database): Promise<number> {
  const [row] = await db.select({ highest: max(paymentAttempts.transactionId) }).from(paymentAttempts);
  return row?.highest ?? 0;
}
