import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentOperations, type PaymentOperationRow } from '../db/schema.ts';
import {
  APPLIED_OPERATION_STATUSES,
  assertOperationMove,
  OPEN_OPERATION_STATUSES,
  type OperationStatus,
} from './operation-machine.ts';

export async function updateOperation(
  db: Database,
  id: string,
  changes: Partial<Pick<PaymentOperationRow, 'status' | 'error' | 'updatedAt'>>,
  onlyIfStatuses?: readonly OperationStatus[],
): Promise<void> {
  // A guarded write is checked against the machine (an unguarded one is the POST's own answer from `sending`).
  const to = changes.status;
  if (to !== undefined) for (const from of onlyIfStatuses ?? ['sending']) assertOperationMove(from, to);
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

export type NewOperation = typeof paymentOperations.$inferInsert;

/**
 * Every operation of the attempt, in no order: begin-operation.ts searches them (a repeated key, one in
 * flight, refunds not final) under the attempt's row lock.
 */
export async function unorderedOperationsOf(db: Database, attemptId: string): Promise<PaymentOperationRow[]> {
  return db.select().from(paymentOperations).where(eq(paymentOperations.attemptId, attemptId));
}

/** The intent of a capture or refund, recorded before its POST is sent (begin-operation.ts). */
export async function insertOperation(
  db: Database,
  operation: NewOperation,
): Promise<PaymentOperationRow | undefined> {
  const [row] = await db.insert(paymentOperations).values(operation).returning();
  return row;
}

/** Operations whose outcome reconciliation must find out (by re-reading the transaction). */
export async function openOperations(db: Database, attemptId: string): Promise<PaymentOperationRow[]> {
  return db
    .select()
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.attemptId, attemptId),
        inArray(paymentOperations.status, [...OPEN_OPERATION_STATUSES]),
      ),
    );
}

/**
 * The attempt's refunds the gateway applied or is applying (`succeeded`, `pending`): what its refunded
 * total already covers when an open refund is settled (jobs/settle-operations.ts).
 */
export async function appliedRefunds(db: Database, attemptId: string): Promise<PaymentOperationRow[]> {
  return db.query.paymentOperations.findMany({
    where: (row, { and, eq: same, inArray }) =>
      and(
        same(row.attemptId, attemptId),
        same(row.kind, 'refund'),
        inArray(row.status, [...APPLIED_OPERATION_STATUSES]),
      ),
  });
}
