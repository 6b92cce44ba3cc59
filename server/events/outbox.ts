import { sql, type SQL } from 'drizzle-orm';
import type { MerchantEventObject } from '../../contract/merchant-event-objects.ts';
import type { MerchantEventType } from '../../contract/merchant-events.ts';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { newEventId } from './event-ids.ts';

/** One event to write, of type `T`: its object is that type's (contract/merchant-event-objects.ts). */
export interface MerchantEventOf<T extends MerchantEventType> {
  type: T;
  object: MerchantEventObject<T>;
  sessionId: string | null;
  attemptId: string | null;
}

/** Any event to write: a type and its own object, checked together (decision 289). */
export type NewMerchantEvent = { [T in MerchantEventType]: MerchantEventOf<T> }[MerchantEventType];

/**
 * The one writer of the outbox. Every merchant event is inserted by `outboxInsertSql` — on its own
 * (`writeEvents`) or as a CTE of the statement that records the state change it reports
 * (payments/apply-change-text.ts writes its own text of it) — so both commit or neither does: no change is lost
 * and none is announced that did not happen. The payload is the body that is signed and sent:
 * `{ id, type, created, data: { object } }` (docs/merchants/events.md), its object typed by its type
 * (`NewMerchantEvent`: contract/merchant-event-objects.ts) — no writer builds one in SQL.
 */
export function outboxInsertSql(
  /** A select of `(id, type, session_id, attempt_id, payload)`, one row per event. */
  rows: SQL,
  now: Date,
): SQL {
  const at = now.toISOString();
  return sql`insert into outbox_events (id, type, session_id, attempt_id, payload, status, next_attempt_at, created_at)
    select e.id, e.type, e.session_id, e.attempt_id, e.payload, 'pending', ${at}::timestamptz, ${at}::timestamptz
    from (${rows}) e
    returning id`;
}

/**
 * The JSON parameter `eventRowsSql` reads (and payments/apply-change-text.ts): each event with a new id and
 * its envelope.
 */
export function eventRowsJson(events: readonly NewMerchantEvent[], now: Date): string {
  return JSON.stringify(
    events.map((event) => {
      const id = newEventId();
      return {
        id,
        type: event.type,
        session_id: event.sessionId,
        attempt_id: event.attemptId,
        payload: {
          id,
          type: event.type,
          created: Math.floor(now.getTime() / 1000),
          data: { object: event.object },
        },
      };
    }),
  );
}

/**
 * The rows of events known here, read from one JSON parameter; with `after` (a CTE's name), only when
 * that CTE has a row — the change they report happened.
 */
export function eventRowsSql(events: readonly NewMerchantEvent[], now: Date, after?: string): SQL {
  const json = eventRowsJson(events, now);
  const from = after === undefined ? sql`` : sql`${sql.identifier(after)} cross join `;
  return sql`select r.id, r.type, r.session_id, r.attempt_id, r.payload
    from ${from}jsonb_to_recordset(${json}::jsonb)
      as r(id text, type text, session_id text, attempt_id text, payload jsonb)`;
}

/**
 * Writes events to the outbox. Call it with the transaction that records the state change they report.
 * Answers the events' ids.
 */
export async function writeEvents(
  tx: Database,
  events: readonly NewMerchantEvent[],
  now: Date,
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await queryRows(tx, outboxInsertSql(eventRowsSql(events, now), now));
  return rows.map((row) => String(row.id));
}
