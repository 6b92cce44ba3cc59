import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { deliveryCircuits } from '../db/schema.ts';

/*
 * Each merchant endpoint's circuit (delivery_circuits, decision 310), shared by every instance: the environment's
 * endpoint under ENVIRONMENT_ENDPOINT_ID, each webhook endpoint under its id. Closed (no row, or `opened_at`
 * null): deliveries go at full speed. Open after `failuresToOpen` failed tries in a row: nothing is claimed for
 * the endpoint but one probe per `probeIntervalMs`, taken by whichever instance updates `next_probe_at` first.
 * A 2xx closes it, and the delivery worker then makes every waiting retry due at once.
 */

export interface CircuitRule {
  key: string;
  /** Failed tries in a row that open the circuit. */
  failuresToOpen: number;
  /** While open: one probe this often, all instances together. */
  probeIntervalMs: number;
}

/** What a delivery pass may send to one endpoint now. */
export type CircuitTurn = 'closed' | 'probe' | 'wait';

/**
 * One statement: whether the endpoint's circuit is open, and if its probe is due, the probe taken for this
 * instance (the next one pushed `probeIntervalMs` ahead, so no other instance takes it).
 */
export async function takeCircuitTurn(db: Database, rule: CircuitRule, now: Date): Promise<CircuitTurn> {
  const at = now.toISOString();
  const nextProbe = new Date(now.getTime() + rule.probeIntervalMs).toISOString();
  const rows = await queryRows(
    db,
    sql`with c as (select opened_at from delivery_circuits where endpoint_key = ${rule.key}),
        took as (
          update delivery_circuits set next_probe_at = ${nextProbe}::timestamptz, updated_at = ${at}::timestamptz
          where endpoint_key = ${rule.key} and opened_at is not null and next_probe_at <= ${at}::timestamptz
          returning 1
        )
        select (select count(*) from c where opened_at is not null)::int as open,
          (select count(*) from took)::int as probe`,
  );
  const row = rows[0];
  if (Number(row?.probe ?? 0) > 0) return 'probe';
  return Number(row?.open ?? 0) > 0 ? 'wait' : 'closed';
}

/**
 * The probes of every open webhook endpoint circuit that are due, taken for this instance (as
 * `takeCircuitTurn`); answers those endpoints' ids.
 */
export async function takeEndpointProbes(
  db: Database,
  options: { now: Date; probeIntervalMs: number },
): Promise<string[]> {
  const at = options.now.toISOString();
  const nextProbe = new Date(options.now.getTime() + options.probeIntervalMs).toISOString();
  const rows = await queryRows(
    db,
    sql`update delivery_circuits set next_probe_at = ${nextProbe}::timestamptz, updated_at = ${at}::timestamptz
        where opened_at is not null and next_probe_at <= ${at}::timestamptz
          and endpoint_key in (select id from webhook_endpoints where enabled)
        returning endpoint_key`,
  );
  return rows.map((row) => String(row.endpoint_key));
}

/**
 * One try's outcome on the endpoint's circuit, in the transaction that records the try. A failure counts
 * (the circuit opens at `failuresToOpen` in a row; an open one's next probe is never sooner than
 * `probeIntervalMs` after this failure); a 2xx closes it. Answers `recovered` when this 2xx closed an open
 * circuit (exactly one try sees it), `opened` when this failure opened it, `open` while it is open.
 */
export async function recordCircuitOutcome(
  db: Database,
  rule: CircuitRule,
  ok: boolean,
  now: Date,
): Promise<{ recovered: boolean; opened: boolean; open: boolean }> {
  const at = now.toISOString();
  if (ok) {
    // `old` is the row as the statement began: whether this 2xx is the one that closes an open circuit.
    const rows = await queryRows(
      db,
      sql`update delivery_circuits c
          set failures = 0, opened_at = null, next_probe_at = null, updated_at = ${at}::timestamptz
          from delivery_circuits old
          where c.endpoint_key = ${rule.key} and old.endpoint_key = c.endpoint_key
            and (c.failures > 0 or c.opened_at is not null)
          returning old.opened_at`,
    );
    return { recovered: rows.some((row) => row.opened_at !== null), opened: false, open: false };
  }
  const nextProbe = new Date(now.getTime() + rule.probeIntervalMs).toISOString();
  const rows = await queryRows(
    db,
    sql`insert into delivery_circuits as c (endpoint_key, failures, opened_at, next_probe_at, updated_at)
        values (
          ${rule.key}, 1,
          case when ${rule.failuresToOpen}::int <= 1 then ${at}::timestamptz end,
          case when ${rule.failuresToOpen}::int <= 1 then ${nextProbe}::timestamptz end,
          ${at}::timestamptz
        )
        on conflict (endpoint_key) do update set
          failures = c.failures + 1,
          opened_at = case
            when c.opened_at is null and c.failures + 1 >= ${rule.failuresToOpen}::int then ${at}::timestamptz
            else c.opened_at end,
          next_probe_at = case
            when c.opened_at is not null then greatest(c.next_probe_at, ${nextProbe}::timestamptz)
            when c.failures + 1 >= ${rule.failuresToOpen}::int then ${nextProbe}::timestamptz
            else c.next_probe_at end,
          updated_at = ${at}::timestamptz
        returning failures, opened_at is not null as open`,
  );
  const row = rows[0];
  return {
    recovered: false,
    opened: Number(row?.failures) === rule.failuresToOpen,
    open: row?.open === true,
  };
}

/**
 * The merchant resent events: the open circuits of these endpoints (all: `undefined`) probe at once rather
 * than at their next turn — the merchant says the endpoint is fixed.
 */
export async function probeCircuitsNow(
  db: Database,
  keys: readonly string[] | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(deliveryCircuits)
    .set({ nextProbeAt: now, updatedAt: now })
    .where(
      and(
        isNotNull(deliveryCircuits.openedAt),
        keys === undefined ? undefined : inArray(deliveryCircuits.endpointKey, [...keys]),
      ),
    );
}

/** A deleted webhook endpoint's circuit goes with it. */
export async function deleteCircuit(db: Database, key: string): Promise<void> {
  await db.delete(deliveryCircuits).where(eq(deliveryCircuits.endpointKey, key));
}

/** The endpoint's circuit as it stands (the console and tests): open since when, failures in a row. */
export async function circuitOf(
  db: Database,
  key: string,
): Promise<{ failures: number; openedAt: Date | null; nextProbeAt: Date | null } | undefined> {
  const [row] = await db.select().from(deliveryCircuits).where(eq(deliveryCircuits.endpointKey, key));
  return row && { failures: row.failures, openedAt: row.openedAt, nextProbeAt: row.nextProbeAt };
}
