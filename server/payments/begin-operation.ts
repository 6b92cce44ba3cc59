import type { Database } from '../db/database.ts';
import type { PaymentAttemptRow, PaymentOperationRow } from '../db/rows.ts';
import { newOperationId } from '../events/event-ids.ts';
import { lockAttemptWithCapture } from './attempt-repository.ts';
import { IN_FLIGHT_OPERATION_STATUSES, OPEN_OPERATION_STATUSES } from './operation-machine.ts';
import { insertOperation, unorderedOperationsOf } from './operation-repository.ts';

export type OperationKind = PaymentOperationRow['kind'];

export type BeginResult =
  | { kind: 'started'; operation: PaymentOperationRow; attempt: PaymentAttemptRow }
  | { kind: 'replayed'; operation: PaymentOperationRow }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: 400 | 409; type: string; message: string; parameter?: string };

/** What may still be refunded: captured − refunded − refunds asked for and not yet final (a pending PIX refund is not in `refunded` yet). */
export function refundable(attempt: PaymentAttemptRow, operations: readonly PaymentOperationRow[]): number {
  const inFlight = operations
    .filter((op) => op.kind === 'refund' && OPEN_OPERATION_STATUSES.has(op.status))
    .reduce((sum, op) => sum + op.amount, 0);
  return attempt.capturedAmount - attempt.refundedAmount - inFlight;
}

/**
 * Records the intent of a capture or refund before anything is sent (one transaction, the attempt row
 * locked): the amount is checked against what the gateway holds, at most one POST is in flight per
 * payment, and the idempotency key is unique per payment and kind — a repeated key answers the first
 * operation, never a second POST. Our automatic capture uses the key `automatic`, so two instances that
 * both see `authorized` send one capture between them.
 */
export async function beginOperation(
  db: Database,
  input: { attemptId: string; kind: OperationKind; amount: number | undefined; idempotencyKey: string },
  now: Date,
): Promise<BeginResult> {
  return db.transaction(async (tx) => {
    const locked = await lockAttemptWithCapture(tx, input.attemptId);
    if (!locked) return { kind: 'not-found' };
    const { attempt } = locked;
    const operations = await unorderedOperationsOf(tx, attempt.id);
    const same = operations.find(
      (op) => op.kind === input.kind && op.idempotencyKey === input.idempotencyKey,
    );
    if (same) {
      if (input.amount !== undefined && input.amount !== same.amount) {
        return {
          kind: 'refused',
          status: 409,
          type: 'idempotency_key_reused',
          message: 'This Idempotency-Key was already used with a different amount.',
          parameter: 'Idempotency-Key',
        };
      }
      return { kind: 'replayed', operation: same };
    }
    if (operations.some((op) => IN_FLIGHT_OPERATION_STATUSES.has(op.status))) {
      return {
        kind: 'refused',
        status: 409,
        type: 'operation_in_progress',
        message: 'Another capture or refund of this payment is still being confirmed. Try again shortly.',
      };
    }
    let limit: number;
    if (input.kind === 'capture') {
      if (attempt.status !== 'authorized' || attempt.transactionId === null) {
        return {
          kind: 'refused',
          status: 409,
          type: 'not_capturable',
          message: `Only an authorised payment can be captured; this one is ${attempt.status}.`,
        };
      }
      limit = attempt.authorizedAmount ?? attempt.amount;
    } else {
      if (attempt.transactionId === null || attempt.capturedAmount === 0) {
        return {
          kind: 'refused',
          status: 409,
          type: 'not_refundable',
          message: `Only a captured payment can be refunded; this one is ${attempt.status}.`,
        };
      }
      limit = refundable(attempt, operations);
    }
    const amount = input.amount ?? limit;
    if (amount <= 0 || amount > limit) {
      return {
        kind: 'refused',
        status: 400,
        type: 'amount_too_large',
        message:
          input.kind === 'capture'
            ? `At most ${limit} can be captured (the authorised amount).`
            : `At most ${limit} can be refunded (captured minus refunded).`,
        parameter: 'amount',
      };
    }
    const operation = await insertOperation(tx, {
      id: newOperationId(),
      attemptId: attempt.id,
      kind: input.kind,
      amount,
      status: 'sending',
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      updatedAt: now,
    });
    if (!operation) throw new Error('operation insert returned nothing');
    return { kind: 'started', operation, attempt };
  });
}
