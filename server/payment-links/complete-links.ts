import type { Database } from '../db/database.ts';
import { writeLinkEvent } from './link-events.ts';
import { claimCompletedUnannouncedLinks, markLinkCompletionAnnounced } from './link-repository.ts';

const BATCH = 50;

/**
 * `payment_link.completed`, once per link a payment used up: the flag and the event commit together, rows
 * claimed with SKIP LOCKED. The statement that records the payment sets `completed_at` and says so; the
 * caller announces at once (payments/record-transaction.ts) and the sweeps job catches any a crash left
 * between the two — as an expiry is announced (expire-links.ts). The event is the link as the API shows it,
 * written by `writeLinkEvent` as a PATCH's is (decision 289); a PATCH that uses a link up announces it in
 * its own transaction.
 */
export async function announceCompletedLinks(
  db: Database,
  options: { now: Date; publicUrl: string; id?: string },
): Promise<number> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const due = await claimCompletedUnannouncedLinks(tx, BATCH, options.id);
    for (const link of due) {
      const marked = await markLinkCompletionAnnounced(tx, link.id, now);
      if (marked) await writeLinkEvent(tx, 'payment_link.completed', marked, options);
    }
    return due.length;
  });
}
