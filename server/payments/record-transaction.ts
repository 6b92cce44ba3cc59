import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { Database } from '../db/database.ts';
import type { PaymentAttemptRow } from '../db/schema.ts';
import { markSessionComplete } from '../sessions/session-repository.ts';
import { updateAttempt } from './attempt-repository.ts';
import { COMPLETING_STATUSES } from './attempt-status.ts';

/**
 * One state change of a payment, one database transaction: the attempt takes the gateway's transaction
 * (already sanitised by the gateway client) and a paid or authorised one completes the session.
 */
export async function recordTransaction(
  db: Database,
  attempt: Pick<PaymentAttemptRow, 'id' | 'sessionId'>,
  transaction: Transaction,
  now: Date,
): Promise<PaymentAttemptRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await updateAttempt(tx, attempt.id, {
      status: transaction.status,
      transactionId: transaction.id,
      gatewayResponse: transaction,
      checkedAt: now,
      updatedAt: now,
    });
    if (COMPLETING_STATUSES.has(transaction.status)) await markSessionComplete(tx, attempt.sessionId, now);
    return row;
  });
}
