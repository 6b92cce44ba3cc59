import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentOperations, type PaymentOperationRow } from '../db/schema.ts';

export async function updateOperation(
  db: Database,
  id: string,
  changes: Partial<Pick<PaymentOperationRow, 'status' | 'error' | 'updatedAt'>>,
  onlyIfStatuses?: readonly PaymentOperationRow['status'][],
): Promise<void> {
  const where = onlyIfStatuses
    ? and(eq(paymentOperations.id, id), inArray(paymentOperations.status, [...onlyIfStatuses]))
    : eq(paymentOperations.id, id);
  await db.update(paymentOperations).set(changes).where(where);
}

export async function operationsOf(db: Database, attemptId: string): Promise<PaymentOperationRow[]> {
  return db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.attemptId, attemptId))
    .orderBy(paymentOperations.createdAt, paymentOperations.id);
}
