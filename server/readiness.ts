import type { AppDeps } from './app-deps.ts';
import { databasePoolsAnswer } from './db/pools-answer.ts';
import { describeError } from './platform/describe-error.ts';

export interface Readiness {
  ready: boolean;
  database: { ok: boolean; error?: string };
  gateway: { ok: boolean; status?: number; kind?: string };
}

/** For /readyz: the database answers a query and the gateway answers HTTP at all (any status below 500). */
export async function checkReadiness(deps: Pick<AppDeps, 'db' | 'gateway'>): Promise<Readiness> {
  const [database, gateway] = await Promise.all([
    databasePoolsAnswer(deps.db).then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error: describeError(error) }),
    ),
    deps.gateway.ping().then(
      (result) => ({ ok: result.reachable, status: result.status, kind: result.kind }),
      () => ({ ok: false }),
    ),
  ]);
  return { ready: database.ok && gateway.ok, database, gateway };
}
