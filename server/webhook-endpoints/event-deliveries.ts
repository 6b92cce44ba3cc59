import type { Database } from '../db/database.ts';
import { deliveriesOfEvent } from './endpoint-repository.ts';

export interface EndpointDeliveryView {
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

/** An event's state at each webhook endpoint it went to (the attempts themselves are in its `deliveries`). */
export async function deliveriesToEndpoints(db: Database, eventId: string): Promise<EndpointDeliveryView[]> {
  const rows = await deliveriesOfEvent(db, eventId);
  return rows.map((row) => ({
    endpoint_id: row.endpointId,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  }));
}
