import type { Database } from '../db/database.ts';
import { addConsoleUser, hasConsoleUsers } from './console-users.ts';

export const DEV_OWNER_EMAIL = 'owner@example.com';

/**
 * `npm start` only: with no console user yet, an owner with a generated password, answered once for the
 * terminal (never logged). With users already (the embedded database persists), nothing is created.
 */
export async function ensureDevOwner(
  db: Database,
  now: Date,
): Promise<{ email: string; password: string } | undefined> {
  if (await hasConsoleUsers(db)) return undefined;
  const created = await addConsoleUser(
    db,
    { email: DEV_OWNER_EMAIL, role: 'owner' },
    { userId: null, email: 'npm-start' },
    now,
  );
  return created.kind === 'created' ? { email: created.user.email, password: created.password } : undefined;
}
