import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';

/*
 * gateway_pauses (decision 312): a call kind the gateway asked us to slow down (429, Retry-After), with the time
 * before which no instance calls it. One row per kind; a later ask only ever lengthens the pause.
 */

/** Pauses `kind` until `until` (or leaves a longer pause as it is). */
export async function pauseCallKind(db: Database, kind: string, until: Date, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`insert into gateway_pauses (call_kind, until, updated_at)
        values (${kind}, ${until.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (call_kind) do update set until = greatest(gateway_pauses.until, excluded.until),
          updated_at = excluded.updated_at`,
  );
}

/** Every call kind's pause, as recorded (some may have ended). */
export async function callKindPauses(db: Database): Promise<Map<string, Date>> {
  const rows = await queryRows(db, sql`select call_kind, until from gateway_pauses`);
  return new Map(
    rows.map((row) => [
      String(row.call_kind),
      row.until instanceof Date ? row.until : new Date(String(row.until)),
    ]),
  );
}
