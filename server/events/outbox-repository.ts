import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';

const PENDING = sql.raw(sqlStatusList(['pending']));

/* The insert of outbox_events (outbox.ts writes every event through it). */

/** The insert of outbox events, as pending and due now (outbox.ts is the one writer that calls it). */
function outboxInsertSql(
  /** A select of `(id, type, session_id, attempt_id, payload)`, one row per event. */
  rows: SQL,
  now: Date,
): SQL {
  const at = now.toISOString();
  return sql`insert into outbox_events (id, type, session_id, attempt_id, payload, status, next_attempt_at, created_at)
    select e.id, e.type, e.session_id, e.attempt_id, e.payload, ${PENDING}, ${at}::timestamptz, ${at}::timestamptz
    from (${rows}) e
    returning id`;
}

/** The rows of events, read from one JSON parameter (outbox.ts's `eventRowsJson`). */
function eventRowsSql(json: string): SQL {
  return sql`select r.id, r.type, r.session_id, r.attempt_id, r.payload
    from jsonb_to_recordset(${json}::jsonb)
      as r(id text, type text, session_id text, attempt_id text, payload jsonb)`;
}

/** Inserts the events of `json` (outbox.ts's `eventRowsJson`); answers their ids. */
export async function insertEventRows(tx: Database, json: string, now: Date): Promise<string[]> {
  const rows = await queryRows(tx, outboxInsertSql(eventRowsSql(json), now));
  return rows.map((row) => String(row.id));
}
