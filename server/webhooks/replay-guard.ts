import type { Database } from '../db/database.ts';
import { countHitAt } from '../rate-limit/rate-limit-repository.ts';

/**
 * A signed gateway webhook seen before — the same signature, replayed within its validity window — is
 * answered 200 and does nothing again (docs/decisions: metering gateway calls). The signature is counted
 * in `rate_limit_hits` under its own key with its signed timestamp as the window, so it needs no table of
 * its own and is swept with the other old windows. Answers true the first time only.
 */
export async function firstDelivery(db: Database, signature: string, timestamp: number): Promise<boolean> {
  return (await countHitAt(db, `gateway-webhook:${signature}`, timestamp)) === 1;
}
