import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { findSession } from './session-repository.ts';

/**
 * Who may frame this session's checkout, read at request time (no rebuild for a new shop): the
 * EMBED_ALLOWED_ORIGINS setting plus the session's own `embed_origins`. For the shell's
 * `frame-ancestors`; undefined for an unknown or malformed id (then only the setting applies).
 */
export async function sessionFrameOrigins(deps: AppDeps, id: string): Promise<string[] | undefined> {
  if (!sessionIdSchema.safeParse(id).success) return undefined;
  const session = await findSession(deps.db, id);
  if (!session) return undefined;
  return [...new Set([...deps.embedOrigins, ...session.embedOrigins])];
}
