import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import type { Database } from '../db/database.ts';
import type { ConsoleUserRow } from '../db/rows.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { consoleUserOf, type ConsoleUser } from './console-sessions.ts';
import { deleteSessionsOfUser } from './console-session-repository.ts';
import {
  countConsoleUsers,
  findConsoleUser,
  insertConsoleUser,
  listConsoleUsers,
  otherOwnersCount,
  updateConsoleUser,
} from './console-user-repository.ts';
import { hashPassword } from './password.ts';
import { newPasswordRefusal, type PasswordRefusal } from './password-policy.ts';
import { verifyTotp } from './totp.ts';

const emailSchema = z.email();

export type AddUserResult =
  | { kind: 'created'; user: ConsoleUser; password: string; generated: boolean }
  | { kind: 'exists' }
  | { kind: 'invalid'; field: 'email'; message: string }
  /** A chosen password that is too short or long, one character repeated or a common one. */
  | { kind: 'refused-password'; refusal: PasswordRefusal };

/** A password nobody chose: 144 random bits, typeable (base64url). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * A console user (the add-user command, `npm start`'s first owner, an owner's Users page). Without a
 * password one is generated and answered once — it is never stored or logged in clear.
 */
export async function addConsoleUser(
  db: Database,
  input: { email: string; role: ConsoleRole; password?: string | undefined },
  actor: AuditActor,
  now: Date,
): Promise<AddUserResult> {
  const email = input.email.trim().toLowerCase();
  if (email.length > 254 || !emailSchema.safeParse(email).success) {
    return { kind: 'invalid', field: 'email', message: 'Not an e-mail address.' };
  }
  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  const refusal = await newPasswordRefusal(password);
  if (refusal) return { kind: 'refused-password', refusal };
  const row: ConsoleUserRow = {
    id: `usr_${randomBytes(16).toString('base64url')}`,
    email,
    passwordHash: await hashPassword(password),
    role: input.role,
    totpSecret: null,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await insertConsoleUser(db, row);
  if (!inserted) return { kind: 'exists' };
  await recordAudit(db, actor, 'user.create', { type: 'user', id: row.id }, { email, role: row.role }, now);
  return { kind: 'created', user: consoleUserOf(inserted), password, generated };
}

export async function consoleUsers(db: Database): Promise<ConsoleUser[]> {
  return (await listConsoleUsers(db)).map(consoleUserOf);
}

export async function hasConsoleUsers(db: Database): Promise<boolean> {
  return (await countConsoleUsers(db)) > 0;
}

export type ChangeRoleResult =
  | { kind: 'changed'; user: ConsoleUser }
  | { kind: 'not-found' }
  /** The last owner cannot be demoted: nobody could manage users any more. */
  | { kind: 'last-owner' };

/** A user's role changed by an owner: their sessions end (they log in again with the new role). */
export async function changeConsoleUserRole(
  db: Database,
  actor: AuditActor,
  input: { id: string; role: ConsoleRole },
  now: Date,
): Promise<ChangeRoleResult> {
  const user = await findConsoleUser(db, input.id);
  if (!user) return { kind: 'not-found' };
  if (user.role === 'owner' && input.role !== 'owner' && (await otherOwnersCount(db, user.id)) === 0) {
    return { kind: 'last-owner' };
  }
  const updated = await updateConsoleUser(db, user.id, { role: input.role, updatedAt: now });
  if (!updated) return { kind: 'not-found' };
  await deleteSessionsOfUser(db, user.id);
  await recordAudit(
    db,
    actor,
    'user.change',
    { type: 'user', id: user.id },
    { role: { from: user.role, to: input.role } },
    now,
  );
  return { kind: 'changed', user: consoleUserOf(updated) };
}

/**
 * Turns TOTP on for the logged-in user once they typed a code from the secret they were shown: a secret
 * that never produced a correct code is never stored (nobody is locked out by a mistyped setup).
 */
export async function enableTotp(
  db: Database,
  user: ConsoleUser,
  input: { secret: string; code: string },
  now: Date,
): Promise<'enabled' | 'wrong-code'> {
  if (!/^[A-Z2-7]{32}$/.test(input.secret) || !verifyTotp(input.secret, input.code, now)) return 'wrong-code';
  await updateConsoleUser(db, user.id, { totpSecret: input.secret, updatedAt: now });
  await recordAudit(
    db,
    { userId: user.id, email: user.email },
    'user.totp',
    { type: 'user', id: user.id },
    { enabled: true },
    now,
  );
  return 'enabled';
}
