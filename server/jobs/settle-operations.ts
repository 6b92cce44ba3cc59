import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentOperationRow } from '../db/rows.ts';
import { attemptById } from '../payments/attempt-repository.ts';
import { appliedRefunds, openOperations, updateOperation } from '../payments/operation-repository.ts';
import { refundIfDuplicate } from '../payments/refund-duplicate.ts';
import { autoCaptureIfDue } from '../payments/run-operation.ts';

/**
 * A `sending` operation younger than this may still be on the wire in another process (longer than the
 * gateway time-out, so a call begun then has ended by now, answered or not).
 */
export const SENDING_STALE_MS = 90_000;

/**
 * Whether a gateway read that began at `readStartedAt` can tell what became of an open operation: only
 * if it began after the operation's call ended (docs/decisions/121-settle-from-fresh-reads.md). An
 * `unknown` or `pending` operation's `updated_at` is when its call ended; a `sending` one's call ended at
 * the latest SENDING_STALE_MS after it was recorded. An earlier read — a webhook's re-read that was on
 * the wire while the gateway applied a refund — may show nothing yet and proves nothing.
 */
export function readCanSettle(op: PaymentOperationRow, readStartedAt: Date): boolean {
  const callEndedBy =
    op.status === 'sending' ? op.createdAt.getTime() + SENDING_STALE_MS : op.updatedAt.getTime();
  return readStartedAt.getTime() > callEndedBy;
}

/**
 * Finds out what the gateway did with captures and refunds whose answer we lost, from the transaction
 * just re-read (never by sending them again) — and only from a read that began after the operation's call
 * ended (`readStartedAt`, readCanSettle): a capture is done once the gateway shows money captured,
 * and failed — safe to ask again — if it still shows `authorized`; a refund is done once the gateway's
 * refunded total covers it. A PIX refund `pending` at the gateway is done when it leaves `pending_refund`.
 * Then an authorised payment of an automatic session is captured, if nobody has yet.
 */
export async function settleOperations(
  deps: AppDeps,
  attemptId: string,
  transaction: Transaction,
  readStartedAt: Date,
): Promise<void> {
  const now = deps.now();
  const attempt = await attemptById(deps.db, attemptId);
  if (!attempt) return;
  const operations = await openOperations(deps.db, attemptId);
  for (const op of operations) {
    if (!readCanSettle(op, readStartedAt)) continue;
    if (op.kind === 'capture') {
      if (attempt.capturedAmount > 0)
        await updateOperation(deps.db, op.id, { status: 'succeeded', updatedAt: now }, [op.status]);
      else if (transaction.status === 'authorized') {
        // Proven: a read begun after the call ended still shows the money only authorised.
        await updateOperation(
          deps.db,
          op.id,
          { status: 'failed', error: 'not captured at the gateway', updatedAt: now },
          [op.status],
        );
      }
      continue;
    }
    if (op.status === 'pending') {
      if (transaction.status !== 'pending_refund')
        await updateOperation(deps.db, op.id, { status: 'succeeded', updatedAt: now }, ['pending']);
      continue;
    }
    // Refunds we know the gateway applied: every other refund op that succeeded or is pending.
    const known = (await appliedRefunds(deps.db, attemptId)).reduce((sum, row) => sum + row.amount, 0);
    const applied = (transaction.refunded_amount ?? 0) >= known + op.amount;
    // Not applied is proven by a read begun after the call ended (readCanSettle above), never assumed.
    await updateOperation(
      deps.db,
      op.id,
      {
        status: applied ? (transaction.status === 'pending_refund' ? 'pending' : 'succeeded') : 'failed',
        error: applied ? null : 'not refunded at the gateway',
        updatedAt: now,
      },
      [op.status],
    );
  }
  await autoCaptureIfDue(deps, attemptId);
  // A duplicate whose refund a crash or a refusal left unasked is asked again here (at most a few times).
  await refundIfDuplicate(deps, attemptId);
}
