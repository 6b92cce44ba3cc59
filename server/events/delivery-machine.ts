/**
 * The machine of webhook deliveries — an outbox event's own delivery (outbox_events) and its delivery to each
 * webhook endpoint (webhook_deliveries) share it: every status, the moves between them and the sets the
 * server acts on, derived from the one table below, like the attempts' (payments/state-machine.ts). Pure:
 * the schema's CHECK constraints are generated from it
 * (docs/decisions/300-sql-in-repositories-and-closed-statuses.md).
 */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

interface DeliveryFacts {
  /** Queued: the delivery worker claims it when due (under a lease). */
  queued: boolean;
  /** Where it leads; a retry after a failed try stays `pending`. */
  to: readonly DeliveryStatus[];
}

/**
 * THE table. `pending`: queued (first try or a retry on back-off); `delivered`: the endpoint answered 2xx;
 * `failed`: every try failed. The merchant may send any event again (console, API): back to `pending`.
 */
export const DELIVERY_MACHINE: Readonly<Record<DeliveryStatus, DeliveryFacts>> = {
  pending: { queued: true, to: ['delivered', 'failed'] },
  delivered: { queued: false, to: ['pending'] },
  failed: { queued: false, to: ['pending'] },
};

/** Claimed by the delivery workers when due. */
export const QUEUED_DELIVERY_STATUSES: ReadonlySet<DeliveryStatus> = new Set(
  DELIVERY_STATUSES.filter((status) => DELIVERY_MACHINE[status].queued),
);

/** Names of the statuses for the code that writes them. */
export const DELIVERY = {
  pending: 'pending',
  delivered: 'delivered',
  failed: 'failed',
} as const satisfies Record<DeliveryStatus, DeliveryStatus>;

export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return Object.hasOwn(DELIVERY_MACHINE, value);
}

/** Whether the table allows `from` → `to` (staying is always allowed: a retry, a repeated resend). */
export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return from === to || DELIVERY_MACHINE[from].to.includes(to);
}
