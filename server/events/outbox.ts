import type { MerchantEventType } from '../../contract/merchant-events.ts';
import type { Database } from '../db/database.ts';
import { outboxEvents } from '../db/schema.ts';
import { newEventId } from './event-ids.ts';

export interface NewMerchantEvent {
  type: MerchantEventType;
  object: Record<string, unknown>;
  sessionId: string | null;
  attemptId: string | null;
}

/**
 * Writes events to the outbox. Call it with the transaction that records the state change they report:
 * both commit or neither does, so no change is lost and none is announced that did not happen.
 */
export async function writeEvents(
  tx: Database,
  events: readonly NewMerchantEvent[],
  now: Date,
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = outboxRows(events, now);
  await tx.insert(outboxEvents).values(rows);
  return rows.map((row) => row.id);
}

/** The outbox rows of these events: each gets its id, and its payload is the body that is signed and sent. */
export function outboxRows(events: readonly NewMerchantEvent[], now: Date) {
  return events.map((event) => {
    const id = newEventId();
    return {
      id,
      type: event.type,
      sessionId: event.sessionId,
      attemptId: event.attemptId,
      payload: {
        id,
        type: event.type,
        created: Math.floor(now.getTime() / 1000),
        data: { object: event.object },
      },
      status: 'pending' as const,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
}
