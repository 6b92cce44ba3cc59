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
  findConsoleUserForUpdate,
  insertConsoleUser,
  listConsoleUsers,
  lockActiveOwnerIds,
  updateConsoleUser,
} from './console-user-repository.ts';
import { hashPassword, type PasswordHasher } from './password.ts';
import { newPasswordRefusal, type PasswordRefusal } from './password-policy.ts';

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
  hash: PasswordHasher = hashPassword,
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
    passwordHash: await hash(password),
    role: input.role,
    totpSecret: null,
    totpLastStep: null,
    disabledAt: null,
    mailNotices: null,
    noticesToken: null,
    createdAt: now,
    updatedAt: now,
  };
  // The user and its audit row together: a crash between them cannot leave a user nobody is on record adding.
  return db.transaction(async (tx): Promise<AddUserResult> => {
    const inserted = await insertConsoleUser(tx, row);
    if (!inserted) return { kind: 'exists' };
    await recordAudit(tx, actor, 'user.create', { type: 'user', id: row.id }, { email, role: row.role }, now);
    return { kind: 'created', user: consoleUserOf(inserted), password, generated };
  });
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

/**
 * Whether taking this user out of the active owners (a demotion, disabling) would leave none, given the active
 * owners' ids locked by lockActiveOwnerIds in the same transaction.
 */
export function leavesNoOwner(activeOwnerIds: readonly string[], userId: string): boolean {
  return activeOwnerIds.includes(userId) && activeOwnerIds.length === 1;
}

/**
 * A user's role changed by an owner: their sessions end (they log in again with the new role). The owners are
 * counted and the row changed in one transaction holding the owners' rows, so demotions at once keep one owner.
 */
export async function changeConsoleUserRole(
  db: Database,
  actor: AuditActor,
  input: { id: string; role: ConsoleRole },
  now: Date,
): Promise<ChangeRoleResult> {
  return db.transaction(async (tx): Promise<ChangeRoleResult> => {
    const owners = await lockActiveOwnerIds(tx);
    const user = await findConsoleUserForUpdate(tx, input.id);
    if (!user) return { kind: 'not-found' };
    if (input.role !== 'owner' && leavesNoOwner(owners, user.id)) return { kind: 'last-owner' };
    const updated = await updateConsoleUser(tx, user.id, { role: input.role, updatedAt: now });
    if (!updated) return { kind: 'not-found' };
    await deleteSessionsOfUser(tx, user.id);
    await recordAudit(
      tx,
      actor,
      'user.change',
      { type: 'user', id: user.id },
      { role: { from: user.role, to: input.role } },
      now,
    );
    return { kind: 'changed', user: consoleUserOf(updated) };
  });
}
