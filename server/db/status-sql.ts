import type { DeliveryStatus } from '../events/delivery-machine.ts';
import type { MailStatus } from '../mail/mail-machine.ts';
import type { OperationStatus } from '../payments/operation-machine.ts';
import type { AttemptStatus, SessionStatus } from '../payments/state-machine.ts';
import type { ReceivableStatus } from '../receivables/receivable-machine.ts';

/** A status of one of the machines (payments/state-machine.ts, payments/operation-machine.ts, events/delivery-machine.ts). */
export type MachineStatus =
  | AttemptStatus
  | SessionStatus
  | OperationStatus
  | DeliveryStatus
  | ReceivableStatus
  | MailStatus;

/**
 * The one way a status enters SQL text: `'a', 'b'` for an `in (…)` list — CHECK constraints, partial
 * indexes, the predicates of the constant statements. Typed by the machines' statuses, so a misspelt or
 * retired status does not compile, and checked to be an identifier (statuses are constants, never input),
 * so the text stays constant and prepared (docs/decisions/145-prepared-statements-and-constant-sql.md).
 */
export function sqlStatusList(statuses: Iterable<MachineStatus>): string {
  const list = [...statuses];
  for (const status of list)
    if (!/^[a-z_]+$/.test(status)) throw new Error(`not a status identifier: ${status}`);
  return list.map((status) => `'${status}'`).join(', ');
}
