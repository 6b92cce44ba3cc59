import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';

/**
 * A signed gateway webhook seen before — the same signature, replayed within its validity window — is
 * answered 200 and does nothing again (docs/decisions: metering gateway calls). The signature is counted
 * in `rate_limit_hits` under its own key with its signed timestamp as the window, so it needs no table of
 * its own and is swept with the other old windows. Answers true the first time only.
 */
export async function firstDelivery(db: Database, signature: string, timestamp: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into rate_limit_hits (key, window_start, count)
      values (${`gateway-webhook:${signature}`}, to_timestamp(${timestamp}), 1)
      on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
      returning count`,
  );
  return Number(rows[0]?.count) === 1;
}
