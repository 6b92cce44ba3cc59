import type { MerchantEventObject } from '../../contract/merchant-event-objects.ts';
import type { MerchantEventType } from '../../contract/merchant-events.ts';
import type { Database } from '../db/database.ts';
import { newEventId } from './event-ids.ts';
import { insertEventRows } from './outbox-repository.ts';

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
 * The JSON parameter outbox-repository.ts's `eventRowsSql` reads (and payments/apply-change-repository.ts): each event with a new id and
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
 * The one writer of the outbox. Every merchant event is written here — on its own (`writeEvents`, through
 * outbox-repository.ts) or as a CTE of the statement that records the state change it reports
 * (payments/apply-change-repository.ts writes its own text of the insert, reading `eventRowsJson`) — so both
 * commit or neither does: no change is lost and none is announced that did not happen. The payload is the
 * body that is signed and sent: `{ id, type, created, data: { object } }` (docs/merchants/events.md), its
 * object typed by its type (`NewMerchantEvent`: contract/merchant-event-objects.ts) — no writer builds one in
 * SQL.
 *
 * Writes events to the outbox. Call it with the transaction that records the state change they report.
 * Answers the events' ids.
 */
export async function writeEvents(
  tx: Database,
  events: readonly NewMerchantEvent[],
  now: Date,
): Promise<string[]> {
  if (events.length === 0) return [];
  return insertEventRows(tx, eventRowsJson(events, now), now);
}
