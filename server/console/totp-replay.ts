import type { Database } from '../db/database.ts';
import type { ConsoleUserRow } from '../db/rows.ts';
import { claimTotpStep } from './console-user-repository.ts';
import { matchingTotpStep } from './totp.ts';

/**
 * A code from the user's authenticator app, accepted once: its time step must be later than the last step used
 * (RFC 6238 §5.2), and using it records its step in the same statement — a code seen by someone over the user's
 * shoulder, or sent twice, logs nobody in a second time.
 */
export async function acceptTotpCode(
  db: Database,
  user: Pick<ConsoleUserRow, 'id' | 'totpSecret'>,
  code: string,
  now: Date,
): Promise<boolean> {
  if (user.totpSecret === null) return false;
  const step = matchingTotpStep(user.totpSecret, code, now);
  return step !== null && (await claimTotpStep(db, user.id, user.totpSecret, step));
}
