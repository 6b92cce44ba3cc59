import type { AppPolicy } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { ConsoleUserRow } from '../db/rows.ts';
import { meter } from '../rate-limit/metering.ts';
import { recordAudit } from './audit.ts';
import type { ConsoleUser } from './console-sessions.ts';
import { findConsoleUser } from './console-user-repository.ts';
import { verifyPassword } from './password.ts';
import { matchingTotpStep } from './totp.ts';

/** What a sensitive change asks again: the current password, and the current two-step code when asked. */
export interface Reauth {
  password: string;
  totp?: string | undefined;
}

/** Why a sensitive change was refused before anything changed (every one is on the audit log). */
export type ReauthRefusal =
  | { kind: 'wrong-password' }
  /** Two-step is on and no code was given. */
  | { kind: 'totp-required' }
  /** A wrong code, or one already used (a code is good once). */
  | { kind: 'totp-invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type ReauthOutcome =
  /** `totpStep`: the matching code's step, to claim in the change's own transaction (claimTotpStep). */
  | { kind: 'confirmed'; user: ConsoleUserRow; totpStep: number | null }
  | ReauthRefusal
  /** The user is gone (deleted under the session): the caller answers as for a lost session. */
  | { kind: 'gone' };

/** What the change was, for the audit log's failure row. */
export type ReauthPurpose =
  | 'password'
  | 'totp'
  | 'totp_off'
  | 'user.create'
  | 'user.change'
  | 'user.disable'
  | 'user.enable'
  | 'user.password_reset'
  | 'user.totp_off';

/**
 * The logged-in user proves it is still them before a sensitive change: the password again, and — for changes
 * to their own sign-in (`withTotp`) while two-step is on — a current code. Counted per user first (a stolen
 * session cookie cannot guess the password behind it), then checked in constant time. Only the code's match is
 * checked here; its step is claimed by the caller's transaction with the change, so a change that fails
 * leaves the code unused and a code used twice changes nothing the second time.
 */
export async function confirmIdentity(
  db: Database,
  policy: AppPolicy,
  actor: ConsoleUser,
  input: { reauth: Reauth; withTotp: boolean; purpose: ReauthPurpose; address: string },
  now: Date,
): Promise<ReauthOutcome> {
  const verdict = await meter(db, policy, { kind: 'console-reauth', userId: actor.id }, input.address, now);
  if (!verdict.allowed) return { kind: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
  const user = await findConsoleUser(db, actor.id);
  if (!user) return { kind: 'gone' };
  const refuse = async (refusal: ReauthRefusal, reason: string): Promise<ReauthRefusal> => {
    await recordReauthFailure(db, user, { reason, purpose: input.purpose, address: input.address }, now);
    return refusal;
  };
  if (!(await verifyPassword(input.reauth.password, user.passwordHash))) {
    return refuse({ kind: 'wrong-password' }, 'password');
  }
  if (!input.withTotp || user.totpSecret === null) return { kind: 'confirmed', user, totpStep: null };
  if (input.reauth.totp === undefined) return { kind: 'totp-required' };
  const step = matchingTotpStep(user.totpSecret, input.reauth.totp, now);
  if (step === null) return refuse({ kind: 'totp-invalid' }, 'totp');
  return { kind: 'confirmed', user, totpStep: step };
}

/** A code that matched but whose step another request claimed first: refused, and on the log like a wrong one. */
export async function recordReauthFailure(
  db: Database,
  user: Pick<ConsoleUserRow, 'id' | 'email'>,
  detail: { reason: string; purpose: ReauthPurpose; address: string },
  now: Date,
): Promise<void> {
  await recordAudit(
    db,
    { userId: user.id, email: user.email },
    'session.reauth_failed',
    { type: 'user', id: user.id },
    { reason: detail.reason, for: detail.purpose, address: detail.address },
    now,
  );
}
