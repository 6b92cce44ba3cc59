/**
 * The machine of captures and refunds (payment_operations): every status an operation can hold, the moves
 * between them and every set of statuses the server acts on — derived from the one table below, like the
 * attempts' (state-machine.ts). Pure: the schema's CHECK constraint is generated from it
 * (docs/decisions/300-sql-in-repositories-and-closed-statuses.md).
 */

/** The operation kinds we ask the gateway for. */
export const OPERATION_KINDS = ['capture', 'refund'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export const OPERATION_STATUSES = ['sending', 'unknown', 'pending', 'succeeded', 'failed'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

interface OperationFacts {
  /** Its outcome is not final: reconciliation finds it out from a fresh read of the transaction. */
  open: boolean;
  /** Its POST may still be on the wire or may have acted: no second capture or refund is sent meanwhile. */
  inFlight: boolean;
  /** The gateway applied it or is applying it: a refund counts in what the refunded total covers. */
  applied: boolean;
  /** Where it leads. */
  to: readonly OperationStatus[];
}

/**
 * THE table. `sending`: recorded before the POST (the intent); `unknown`: the POST may have acted, re-read
 * before any new try; `pending`: the gateway accepted it but has not finished (a PIX refund); `succeeded`,
 * `failed`: final.
 */
export const OPERATION_MACHINE: Readonly<Record<OperationStatus, OperationFacts>> = {
  sending: { open: true, inFlight: true, applied: false, to: ['unknown', 'pending', 'succeeded', 'failed'] },
  unknown: { open: true, inFlight: true, applied: false, to: ['pending', 'succeeded', 'failed'] },
  pending: { open: true, inFlight: false, applied: true, to: ['succeeded'] },
  succeeded: { open: false, inFlight: false, applied: true, to: [] },
  failed: { open: false, inFlight: false, applied: false, to: [] },
};

function operationsWhere(fact: keyof Omit<OperationFacts, 'to'>): ReadonlySet<OperationStatus> {
  return new Set(OPERATION_STATUSES.filter((status) => OPERATION_MACHINE[status][fact]));
}

/** Not final: reconciliation settles them; an open refund holds its amount out of what may be refunded. */
export const OPEN_OPERATION_STATUSES = operationsWhere('open');
/** A second capture or refund of the payment waits while one of these is recorded. */
export const IN_FLIGHT_OPERATION_STATUSES = operationsWhere('inFlight');
/** Applied or being applied by the gateway. */
export const APPLIED_OPERATION_STATUSES = operationsWhere('applied');

/** Whether the table allows `from` → `to` (staying is always allowed: a repeated write). */
export function canMoveOperation(from: OperationStatus, to: OperationStatus): boolean {
  return from === to || OPERATION_MACHINE[from].to.includes(to);
}

/** Our writes must be listed moves: a bug if one is not. */
export function assertOperationMove(from: OperationStatus, to: OperationStatus): void {
  if (!canMoveOperation(from, to)) throw new Error(`operation state machine: no move from ${from} to ${to}`);
}
