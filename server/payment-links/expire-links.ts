import type { Database } from '../db/database.ts';
import { writeLinkEvent } from './link-events.ts';
import { claimExpiredUnannouncedLinks, markLinkExpiryAnnounced } from './link-repository.ts';

const BATCH = 50;

/**
 * `payment_link.expired`, once per link whose expiry has passed while it was active and not used up: the
 * flag and the event commit together, rows claimed with SKIP LOCKED (several instances share the sweep).
 * The link already reads as expired without it (its status is derived); this is the merchant's notice.
 * Run by the sweeps job (every minute); the link's page only reads (decision 297).
 */
export async function announceExpiredLinks(
  db: Database,
  options: { now: Date; publicUrl: string },
): Promise<number> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const due = await claimExpiredUnannouncedLinks(tx, now, BATCH);
    for (const link of due) {
      const updated = await markLinkExpiryAnnounced(tx, link.id, now);
      if (updated) await writeLinkEvent(tx, 'payment_link.expired', updated, options);
    }
    return due.length;
  });
}
