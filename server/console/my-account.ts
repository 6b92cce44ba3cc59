import type { AppPolicy } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { ConsoleUserRow } from '../db/rows.ts';
import { recordAudit } from './audit.ts';
import type { ConsoleSession } from './console-sessions.ts';
import { deleteOtherSessionsOfUser } from './console-session-repository.ts';
import { claimTotpStep, updateConsoleUser } from './console-user-repository.ts';
import { newPasswordRefusal, type PasswordRefusal } from './password-policy.ts';
import { hashPassword } from './password.ts';
import {
  confirmIdentity,
  recordReauthFailure,
  type Reauth,
  type ReauthPurpose,
  type ReauthRefusal,
} from './reauth.ts';
import { matchingTotpStep } from './totp.ts';

/**
 * A logged-in user's own sign-in: their password and their two-step secret. Each change asks the current
 * password and, while two-step is on, a current code (docs/decisions/282-console-account-changes.md); once made,
 * the user's other sessions end — this one stays — and the audit log says so, in the change's transaction.
 */
export type AccountChangeOutcome =
  | { kind: 'changed' }
  | ReauthRefusal
  /** The session's user is gone. */
  | { kind: 'gone' }
  /** A new password that is too short or long, one character repeated or a common one. */
  | { kind: 'refused-password'; refusal: PasswordRefusal }
  /** Turning two-step on: the code typed from the new key is not right. */
  | { kind: 'wrong-code' }
  /** Turning two-step off while it is off. */
  | { kind: 'totp-off' };

interface Context {
  db: Database;
  policy: AppPolicy;
  session: ConsoleSession;
  address: string;
  now: Date;
}

/**
 * Runs a change after the identity check: claims the current code's step (a code is good once) and applies
 * `change` in one transaction with the end of the other sessions and the audit row.
 */
async function changeOwnAccount(
  context: Context,
  reauth: Reauth,
  purpose: ReauthPurpose,
  change: (tx: Database, user: ConsoleUserRow) => Promise<void>,
): Promise<AccountChangeOutcome> {
  const { db, session, now } = context;
  const confirmed = await confirmIdentity(
    db,
    context.policy,
    session.user,
    { reauth, withTotp: true, purpose, address: context.address },
    now,
  );
  if (confirmed.kind !== 'confirmed') return confirmed;
  const { user, totpStep } = confirmed;
  const claimed = await db.transaction(async (tx) => {
    if (totpStep !== null && user.totpSecret !== null) {
      if (!(await claimTotpStep(tx, user.id, user.totpSecret, totpStep))) return false;
    }
    await change(tx, user);
    await deleteOtherSessionsOfUser(tx, user.id, session.id);
    return true;
  });
  if (!claimed) {
    await recordReauthFailure(db, user, { reason: 'totp_used', purpose, address: context.address }, now);
    return { kind: 'totp-invalid' };
  }
  return { kind: 'changed' };
}

export async function changeMyPassword(
  context: Context,
  input: { reauth: Reauth; newPassword: string },
): Promise<AccountChangeOutcome> {
  const refusal = await newPasswordRefusal(input.newPassword);
  if (refusal) return { kind: 'refused-password', refusal };
  const passwordHash = await hashPassword(input.newPassword);
  return changeOwnAccount(context, input.reauth, 'password', async (tx, user) => {
    await updateConsoleUser(tx, user.id, { passwordHash, updatedAt: context.now });
    await recordAudit(
      tx,
      { userId: user.id, email: user.email },
      'user.password',
      { type: 'user', id: user.id },
      { address: context.address },
      context.now,
    );
  });
}

/**
 * Turns two-step on, or replaces its key, once the user typed a code from the new key: a key that never produced
 * a correct code is never stored (nobody is locked out by a mistyped setup). The new code's step is the last one
 * used, so it cannot log anyone in afterwards.
 */
export async function enableMyTotp(
  context: Context,
  input: { reauth: Reauth; secret: string; code: string },
): Promise<AccountChangeOutcome> {
  const newStep = /^[A-Z2-7]{32}$/.test(input.secret)
    ? matchingTotpStep(input.secret, input.code, context.now)
    : null;
  if (newStep === null) return { kind: 'wrong-code' };
  return changeOwnAccount(context, input.reauth, 'totp', async (tx, user) => {
    await updateConsoleUser(tx, user.id, {
      totpSecret: input.secret,
      totpLastStep: newStep,
      updatedAt: context.now,
    });
    await recordAudit(
      tx,
      { userId: user.id, email: user.email },
      'user.totp',
      { type: 'user', id: user.id },
      { enabled: true, replaced: user.totpSecret !== null },
      context.now,
    );
  });
}

/** Turns two-step off (the password and a current code prove the user has both still). */
export async function removeMyTotp(
  context: Context,
  input: { reauth: Reauth },
): Promise<AccountChangeOutcome> {
  if (!context.session.user.totpEnabled) return { kind: 'totp-off' };
  return changeOwnAccount(context, input.reauth, 'totp_off', async (tx, user) => {
    await updateConsoleUser(tx, user.id, { totpSecret: null, totpLastStep: null, updatedAt: context.now });
    await recordAudit(
      tx,
      { userId: user.id, email: user.email },
      'user.totp_off',
      { type: 'user', id: user.id },
      { by: 'self' },
      context.now,
    );
  });
}
