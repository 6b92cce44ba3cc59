import type { Database } from '../db/database.ts';
import { writeEvents } from '../events/outbox.ts';
import { merchantPaymentFixture } from './merchant-event-fixtures.ts';

/** `howMany` pending `payment.succeeded` events in the outbox, written 500 to a transaction. */
export async function addEvents(db: Database, howMany: number, now: Date): Promise<void> {
  for (let start = 0; start < howMany; start += 500) {
    const batch = Array.from({ length: Math.min(500, howMany - start) }, (_, index) => ({
      type: 'payment.succeeded' as const,
      object: merchantPaymentFixture({ id: `pa_${start + index}` }),
      sessionId: null,
      attemptId: null,
    }));
    await db.transaction((tx) => writeEvents(tx, batch, now));
  }
}
