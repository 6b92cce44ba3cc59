import type { Database } from '../db/database.ts';
import { deleteDeliveredEventsBefore } from '../events/event-repository.ts';
import { RATE_LIMIT_KEEP_MS } from '../rate-limit/rate-limit.ts';
import { deleteHitsBatchBefore } from '../rate-limit/rate-limit-repository.ts';

/** RETENTION_DAYS unset: delivered events and their delivery attempts are kept this long. */
export const DEFAULT_RETENTION_DAYS = 30;
/** Rows deleted per statement: short statements, no long lock, the rest on the next pass. */
const BATCH = 1_000;
const DAY_MS = 24 * 3_600_000;

export interface PruneResult {
  deliveries: number;
  events: number;
  rateLimitRows: number;
}

/**
 * Retention (docs/operators/fault-tolerance.md): events delivered more than `retentionDays` ago are deleted
 * with their delivery attempts, and rate-limit counters once their window is long over. Pending and failed
 * events are kept (the merchant may still resend a failed one); payments, their history and operations are
 * kept — they are the merchant's records. Several instances may run it at once: deletes are idempotent.
 */
export async function pruneRetention(db: Database, now: Date, retentionDays: number): Promise<PruneResult> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const { deliveries, events } = await deleteDeliveredEventsBefore(db, before, BATCH);
  const rateLimitRows = await deleteHitsBatchBefore(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS), BATCH);
  return { deliveries, events, rateLimitRows };
}
