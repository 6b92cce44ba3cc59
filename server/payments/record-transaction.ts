import { sql } from 'drizzle-orm';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { COMPLETING_STATUSES } from './attempt-status.ts';

/**
 * One state change of a payment, one statement (so one transaction): the attempt takes the gateway's
 * transaction (already sanitised by the gateway client) and, when it is paid or authorised, the session
 * becomes complete in the same statement. With `onlyIfStatus`, nothing happens unless the attempt still
 * has that status (another instance may have settled it meanwhile); answers whether it was recorded.
 */
export async function recordTransaction(
  db: Database,
  attemptId: string,
  transaction: Transaction,
  now: Date,
  onlyIfStatus?: string,
): Promise<boolean> {
  const at = now.toISOString();
  const completes = COMPLETING_STATUSES.has(transaction.status);
  const guard = onlyIfStatus === undefined ? sql`true` : sql`status = ${onlyIfStatus}`;
  const rows = await queryRows(
    db,
    sql`with attempt as (
      update payment_attempts
      set status = ${transaction.status}, transaction_id = ${transaction.id},
          gateway_response = ${JSON.stringify(transaction)}::jsonb,
          checked_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${attemptId} and ${guard}
      returning session_id
    ), completed as (
      update checkout_sessions set status = 'complete', updated_at = ${at}::timestamptz
      where ${completes} and id in (select session_id from attempt)
    )
    select session_id from attempt`,
  );
  return rows.length > 0;
}
