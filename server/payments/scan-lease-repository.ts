import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { gatewayScans } from '../db/schema.ts';

/*
 * The lease of a shared scan of the gateway's list (gateway_scans, decision 311): one row per scan, as the
 * outbox's claims — taken by one instance with `locked_until`, left to expire if that instance dies — and
 * paced: it is taken only when the last scan began at least `intervalMs` ago, whichever instance ran it.
 */

/**
 * Takes the scan for this instance until `leaseUntil` — answers false while another instance holds it or the
 * last scan began less than `intervalMs` ago. One statement: the row is made on first use.
 */
export async function takeScanLease(
  db: Database,
  name: string,
  options: { now: Date; leaseUntil: Date; intervalMs: number },
): Promise<boolean> {
  const at = options.now.toISOString();
  const pacedBefore = new Date(options.now.getTime() - options.intervalMs).toISOString();
  const rows = await queryRows(
    db,
    sql`insert into gateway_scans (name, locked_until, updated_at)
        values (${name}, ${options.leaseUntil.toISOString()}::timestamptz, ${at}::timestamptz)
        on conflict (name) do update set locked_until = excluded.locked_until, updated_at = excluded.updated_at
        where (gateway_scans.locked_until is null or gateway_scans.locked_until <= ${at}::timestamptz)
          and (gateway_scans.started_at is null or gateway_scans.started_at <= ${pacedBefore}::timestamptz)
        returning 1`,
  );
  return rows.length > 0;
}

/**
 * The lease given back. After a scan (`pages` read, from `startedAt`): counted, and the next one paced from
 * it; with nothing to scan, the pace is not restarted.
 */
export async function releaseScanLease(
  db: Database,
  name: string,
  done: { now: Date; scanned: { startedAt: Date; pages: number } | undefined },
): Promise<void> {
  const { scanned } = done;
  await db
    .update(gatewayScans)
    .set(
      scanned
        ? {
            lockedUntil: null,
            startedAt: scanned.startedAt,
            finishedAt: done.now,
            scans: sql`${gatewayScans.scans} + 1`,
            pages: sql`${gatewayScans.pages} + ${scanned.pages}`,
            lastPages: scanned.pages,
            updatedAt: done.now,
          }
        : { lockedUntil: null, updatedAt: done.now },
    )
    .where(eq(gatewayScans.name, name));
}

/** The scan's meter (tests, operators): scans run and pages read in all. */
export async function scanMeter(db: Database, name: string): Promise<{ scans: number; pages: number }> {
  const [row] = await db.select().from(gatewayScans).where(eq(gatewayScans.name, name));
  return { scans: row?.scans ?? 0, pages: row?.pages ?? 0 };
}
