import type { AppPolicy } from '../app-deps.ts';
import type { ConsoleLoginRequest } from '../../contract/console/console-auth.ts';
import type { Database } from '../db/database.ts';
import { countLoginAttempt } from '../rate-limit/console-login-limits.ts';
import { recordAudit } from './audit.ts';
import { consoleSessionPolicy, startConsoleSession, type ConsoleSession } from './console-sessions.ts';
import { findConsoleUserByEmail } from './console-user-repository.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { acceptTotpCode } from './totp-replay.ts';

export type LoginOutcome =
  | { kind: 'ok'; token: string; session: ConsoleSession }
  /** Wrong e-mail or wrong password: one answer for both, so it does not say which accounts exist. */
  | { kind: 'invalid' }
  /** The password was right and the account asks a TOTP code that was not given (or was wrong). */
  | { kind: 'totp-required'; wrong: boolean }
  /** Password (and code) right, but an owner disabled the account. */
  | { kind: 'disabled' }
  | { kind: 'throttled'; retryAfterSeconds: number };

type LoginInput = { request: ConsoleLoginRequest; address: string; previousToken: string | undefined };

/**
 * A console log-in: counted first as a failure (per client address, per account and address, per account:
 * server/rate-limit/console-login-limits.ts), then checked; an attempt that did not fail is not counted.
 */
export async function logIn(
  db: Database,
  policy: AppPolicy,
  input: LoginInput,
  now: Date,
): Promise<LoginOutcome> {
  const attempt = await countLoginAttempt(db, policy, input.request.email, input.address, now);
  if (!attempt.allowed) return { kind: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
  const outcome = await checkLogIn(db, policy, input, now);
  if (!isFailure(outcome)) await attempt.notAFailure();
  return outcome;
}

/** What a guess at a password or a code gets: counted. A right password still asking its code is not a failure. */
function isFailure(outcome: LoginOutcome): boolean {
  switch (outcome.kind) {
    case 'invalid':
      return true;
    case 'totp-required':
      return outcome.wrong;
    // 'disabled': the password and code were right — not a guess, only an account an owner turned off.
    case 'ok':
    case 'throttled':
    case 'disabled':
      return false;
  }
}

/**
 * The password checked in constant time against the account's scrypt hash — or a decoy hash for an unknown
 * e-mail, so both take as long — then the owner's TOTP code, then a fresh session (rotation: the browser's
 * previous session, if any, ends). Every failure is on the audit log.
 */
async function checkLogIn(
  db: Database,
  policy: AppPolicy,
  input: LoginInput,
  now: Date,
): Promise<LoginOutcome> {
  const { request } = input;
  const email = request.email.trim().toLowerCase();
  const user = await findConsoleUserByEmail(db, email);
  const matches = await verifyPassword(request.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) {
    await recordAudit(
      db,
      { userId: user?.id ?? null, email },
      'session.login_failed',
      { type: 'user', id: user?.id ?? null },
      { reason: 'password', address: input.address },
      now,
    );
    return { kind: 'invalid' };
  }
  if (user.totpSecret !== null) {
    if (request.totp === undefined) return { kind: 'totp-required', wrong: false };
    // A code is good once: the same code again, even within its 30 seconds, is a wrong one.
    if (!(await acceptTotpCode(db, user, request.totp, now))) {
      await recordAudit(
        db,
        { userId: user.id, email },
        'session.login_failed',
        { type: 'user', id: user.id },
        { reason: 'totp', address: input.address },
        now,
      );
      return { kind: 'totp-required', wrong: true };
    }
  }
  if (user.disabledAt !== null) {
    await recordAudit(
      db,
      { userId: user.id, email },
      'session.login_failed',
      { type: 'user', id: user.id },
      { reason: 'disabled', address: input.address },
      now,
    );
    return { kind: 'disabled' };
  }
  const started = await startConsoleSession(db, user, now, consoleSessionPolicy(policy), input.previousToken);
  await recordAudit(
    db,
    { userId: user.id, email },
    'session.login',
    { type: 'user', id: user.id },
    { address: input.address },
    now,
  );
  return { kind: 'ok', ...started };
}
