import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sqlStatusList } from '../db/status-sql.ts';
import { DELIVERY, QUEUED_DELIVERY_STATUSES, type DeliveryStatus } from './delivery-machine.ts';

/*
 * The one delivery queue with leases, shared by its two tables: outbox_events (each event's delivery to the
 * environment's endpoint: event-repository.ts) and webhook_deliveries (its delivery to each webhook endpoint:
 * webhook-endpoints/endpoint-repository.ts). A row is claimed when due with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), so several instances claim at once without waiting on each other and a crash leaves the lease
 * to expire (at-least-once); a try's outcome settles it along the delivery machine (delivery-machine.ts).
 */

/** The columns every queue row has, by their SQL names, under `alias` (or unqualified). */
function column(alias: string | undefined, name: string): SQL {
  return alias === undefined ? sql.raw(name) : sql.raw(`${alias}.${name}`);
}

/**
 * The claim's predicate: queued, due (`probe`: due or not — the endpoint's circuit is open and its probe's
 * turn has come: circuit-repository.ts) and not leased to another claim at `at`.
 */
export function claimableSql(alias: string | undefined, at: Date, probe = false): SQL {
  const when = at.toISOString();
  const due = probe ? sql`true` : sql`${column(alias, 'next_attempt_at')} <= ${when}::timestamptz`;
  const lockedUntil = column(alias, 'locked_until');
  return sql`${column(alias, 'status')} in (${sql.raw(sqlStatusList(QUEUED_DELIVERY_STATUSES))}) and ${due}
    and (${lockedUntil} is null or ${lockedUntil} <= ${when}::timestamptz)`;
}

/** The statuses a queue row is settled from: a row resent or requeued meanwhile is left as it is. */
export const SETTLED_FROM: DeliveryStatus = DELIVERY.pending;

/** One try's outcome, as the queue row's new columns: delivered, or still queued with its next try, or failed. */
export function settledColumns(
  attempt: { ok: boolean; attemptedAt: Date; error: string | null },
  retry: { giveUp: boolean; nextAttemptAt: Date },
) {
  return attempt.ok
    ? { status: DELIVERY.delivered, deliveredAt: attempt.attemptedAt, lockedUntil: null, lastError: null }
    : {
        status: retry.giveUp ? DELIVERY.failed : DELIVERY.pending,
        lockedUntil: null,
        lastError: attempt.error,
        nextAttemptAt: retry.nextAttemptAt,
      };
}

/** Back to the queue, due now (a resend): the lease dropped. */
export function requeuedColumns(now: Date) {
  return { status: DELIVERY.pending, nextAttemptAt: now, lockedUntil: null };
}

/** A claim not started (shutdown) goes back at once rather than after its lease, its try uncounted. */
export function releasedColumns(attempts: AnyColumn) {
  return { lockedUntil: null, attempts: sql`${attempts} - 1` };
}

/** A timestamp column as either driver returns it. */
export function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** A jsonb column as either driver returns it. */
export function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}
