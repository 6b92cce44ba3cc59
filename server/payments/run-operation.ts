import type { AppDeps } from '../app-deps.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { PaymentOperationRow } from '../db/rows.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { attemptStatusAndCapture, markAttemptDue } from './attempt-repository.ts';
import { beginOperation, type BeginResult, type OperationKind } from './begin-operation.ts';
import { operationsOf, updateOperation } from './operation-repository.ts';
import { recordTransaction } from './record-transaction.ts';

export type OperationResult =
  | Exclude<BeginResult, { kind: 'started' }>
  | { kind: 'done'; operation: PaymentOperationRow }
  /** The gateway may have acted; reconciliation re-reads the transaction before anything is tried again. */
  | { kind: 'unknown'; operation: PaymentOperationRow }
  | { kind: 'failed'; operation: PaymentOperationRow; message: string; status: 400 | 502 };

type OperationInput = {
  attemptId: string;
  kind: OperationKind;
  amount: number | undefined;
  idempotencyKey: string;
  /** Who asked, for the audit log (the console's user): written with the operation's outcome. */
  actor?: AuditActor;
};

/**
 * A capture or refund: the intent recorded first (begin-operation.ts), one POST to the gateway — never
 * retried — and its answer recorded like any other change of the payment (with its events). With an actor,
 * the audit row commits with the operation's final status (or alone, when nothing was begun).
 */
export async function runOperation(deps: AppDeps, input: OperationInput): Promise<OperationResult> {
  const begun = await beginOperation(deps.db, input, deps.now());
  if (begun.kind !== 'started') {
    await auditOperation(deps.db, input, begun, deps.now());
    return begun;
  }
  const { operation, attempt } = begun;
  const transactionId = attempt.transactionId;
  if (transactionId === null) throw new Error('operation begun on a payment without a transaction');
  const log = deps.log.child({ attemptId: attempt.id, operationId: operation.id, operation: operation.kind });
  try {
    const reply =
      operation.kind === 'capture'
        ? await deps.gateway.captureTransaction(transactionId, operation.amount)
        : await deps.gateway.refundTransaction(transactionId, operation.amount);
    const now = deps.now();
    await recordTransaction(deps.db, attempt.id, reply.data, now, {
      publicUrl: deps.publicUrl,
      source: operation.kind,
    });
    const status =
      operation.kind === 'refund' && reply.data.status === 'pending_refund' ? 'pending' : 'succeeded';
    const done: OperationResult = { kind: 'done', operation: { ...operation, status, updatedAt: now } };
    await settle(deps.db, input, done, now, (tx) =>
      updateOperation(tx, operation.id, { status, updatedAt: now }),
    );
    log.info('payment operation answered', { amount: operation.amount, status: reply.data.status });
    return done;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const now = deps.now();
    log.warn('payment operation failed', error.toLogFields());
    if (error.outcomeUnknown) {
      const unknown: OperationResult = { kind: 'unknown', operation: { ...operation, status: 'unknown' } };
      await settle(deps.db, input, unknown, now, async (tx) => {
        await updateOperation(tx, operation.id, { status: 'unknown', updatedAt: now });
        // Reconciliation finds out at once what the gateway did.
        await markAttemptDue(tx, attempt.id, now);
      });
      return unknown;
    }
    const message = error.errors?.map((entry) => entry.message).join('; ') ?? error.message;
    const failed: OperationResult = {
      kind: 'failed',
      operation: { ...operation, status: 'failed', error: message },
      message,
      status: error.kind === 'integration' ? 400 : 502,
    };
    await settle(deps.db, input, failed, now, (tx) =>
      updateOperation(tx, operation.id, { status: 'failed', error: message, updatedAt: now }),
    );
    return failed;
  }
}

/** The operation's final status and its audit row: one transaction. */
async function settle(
  db: Database,
  input: OperationInput,
  result: OperationResult,
  now: Date,
  write: (tx: Database) => Promise<void>,
): Promise<void> {
  if (!input.actor) return write(db);
  await db.transaction(async (tx) => {
    await write(tx);
    await auditOperation(tx, input, result, now);
  });
}

async function auditOperation(
  db: Database,
  input: OperationInput,
  result: OperationResult,
  now: Date,
): Promise<void> {
  if (!input.actor || result.kind === 'not-found') return;
  await recordAudit(
    db,
    input.actor,
    input.kind === 'capture' ? 'payment.capture' : 'payment.refund',
    { type: 'payment', id: input.attemptId },
    {
      outcome: result.kind,
      amount: 'operation' in result ? result.operation.amount : (input.amount ?? null),
      ...('operation' in result ? { operation_id: result.operation.id } : {}),
      ...(result.kind === 'refused' ? { reason: result.type } : {}),
    },
    now,
  );
}

/** A capture the gateway refused outright is tried again this many times (each by reconciliation). */
const AUTOMATIC_CAPTURE_TRIES = 3;

/**
 * Captures an authorised payment of an `automatic` session, once across all instances: the key is
 * `automatic:<failed tries so far>`, so every instance that sees `authorized` at the same moment asks
 * for the same key and the unique index lets one of them send the POST.
 */
export async function autoCaptureIfDue(deps: AppDeps, attemptId: string): Promise<void> {
  const row = await attemptStatusAndCapture(deps.db, attemptId);
  if (row?.status !== 'authorized' || row.capture !== 'automatic') return;
  const failed = (await operationsOf(deps.db, attemptId)).filter(
    (op) => op.kind === 'capture' && op.idempotencyKey.startsWith('automatic:') && op.status === 'failed',
  ).length;
  if (failed >= AUTOMATIC_CAPTURE_TRIES) return;
  const result = await runOperation(deps, {
    attemptId,
    kind: 'capture',
    amount: undefined,
    idempotencyKey: `automatic:${failed}`,
  });
  if (result.kind === 'refused' && result.type !== 'not_capturable') {
    deps.log.warn('automatic capture not sent', { attemptId, reason: result.type });
  }
}
