import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import type { AppPolicy } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import type { ConsoleUserRow } from '../db/rows.ts';
import { recordAudit, type AuditAction } from './audit.ts';
import { consoleUserOf, type ConsoleSession, type ConsoleUser } from './console-sessions.ts';
import { deleteSessionsOfUser } from './console-session-repository.ts';
import {
  findConsoleUserForUpdate,
  lockActiveOwnerIds,
  updateConsoleUser,
} from './console-user-repository.ts';
import {
  addConsoleUser,
  changeConsoleUserRole,
  generatePassword,
  leavesNoOwner,
  type AddUserResult,
  type ChangeRoleResult,
} from './console-users.ts';
import { hashPassword } from './password.ts';
import { confirmIdentity, type ReauthPurpose, type ReauthRefusal } from './reauth.ts';

/**
 * What owners do to another user's access (docs/decisions/282-console-account-changes.md): add a user, change
 * a role, disable and enable them, give them a new password, turn their two-step off (a lost phone). Each asks
 * the owner's password again, ends the user's sessions (but adding and enabling: they have none) and is on the
 * audit log, in one transaction.
 */
export type UserAccessOutcome =
  | { kind: 'changed'; user: ConsoleUser }
  /** A password reset: the new password, answered this once (stored hashed only). */
  | { kind: 'password'; user: ConsoleUser; password: string }
  | { kind: 'not-found' }
  | ReauthRefusal
  /** The owner's own session lost its user. */
  | { kind: 'gone' }
  /** Disabling the last active owner: nobody could manage users any more. */
  | { kind: 'last-owner' }
  /** An owner's own password and two-step are changed under "Your account", with the current code. */
  | { kind: 'own-account' };

interface Context {
  db: Database;
  policy: AppPolicy;
  session: ConsoleSession;
  address: string;
  now: Date;
}

/** The owner proves it is them; a refusal is on the audit log (confirmIdentity). */
function confirmOwner(context: Context, password: string, purpose: ReauthPurpose) {
  return confirmIdentity(
    context.db,
    context.policy,
    context.session.user,
    { reauth: { password }, withTotp: false, purpose, address: context.address },
    context.now,
  );
}

type Change =
  | { kind: 'changed'; row: ConsoleUserRow; action: AuditAction; detail: Record<string, unknown> }
  /** Already so (disabling a disabled user): nothing written. */
  | { kind: 'unchanged'; row: ConsoleUserRow }
  | { kind: 'last-owner' };

async function changeAccess(
  context: Context,
  input: { id: string; password: string; purpose: ReauthPurpose; selfAllowed: boolean },
  change: (tx: Database, target: ConsoleUserRow, activeOwnerIds: readonly string[]) => Promise<Change>,
): Promise<Exclude<UserAccessOutcome, { kind: 'password' }>> {
  const { db, session, now } = context;
  if (!input.selfAllowed && input.id === session.user.id) return { kind: 'own-account' };
  const confirmed = await confirmOwner(context, input.password, input.purpose);
  if (confirmed.kind !== 'confirmed') return confirmed;
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwnerIds(tx);
    const target = await findConsoleUserForUpdate(tx, input.id);
    if (!target) return { kind: 'not-found' };
    const done = await change(tx, target, owners);
    switch (done.kind) {
      case 'last-owner':
        return done;
      case 'unchanged':
        return { kind: 'changed', user: consoleUserOf(done.row) };
      case 'changed':
        await recordAudit(
          tx,
          { userId: session.user.id, email: session.user.email },
          done.action,
          { type: 'user', id: target.id },
          { email: target.email, ...done.detail },
          now,
        );
        return { kind: 'changed', user: consoleUserOf(done.row) };
    }
  });
}

async function updated(tx: Database, id: string, changes: Parameters<typeof updateConsoleUser>[2]) {
  const row = await updateConsoleUser(tx, id, changes);
  if (!row) throw new Error(`console user ${id} vanished under its row lock`);
  return row;
}

/**
 * Disabled: their sessions end at once and they cannot log in; their row, role and history stay. The last active
 * owner cannot be disabled (counted under the same lock as demotions). An owner may disable themselves while
 * another owner remains.
 */
export function disableConsoleUser(context: Context, input: { id: string; password: string }) {
  return changeAccess(
    context,
    { ...input, purpose: 'user.disable', selfAllowed: true },
    async (tx, target, owners) => {
      if (target.disabledAt !== null) return { kind: 'unchanged', row: target };
      if (leavesNoOwner(owners, target.id)) return { kind: 'last-owner' };
      const row = await updated(tx, target.id, { disabledAt: context.now, updatedAt: context.now });
      await deleteSessionsOfUser(tx, target.id);
      return { kind: 'changed', row, action: 'user.disable', detail: {} };
    },
  );
}

export function enableConsoleUser(context: Context, input: { id: string; password: string }) {
  return changeAccess(
    context,
    { ...input, purpose: 'user.enable', selfAllowed: false },
    async (tx, target) => {
      if (target.disabledAt === null) return { kind: 'unchanged', row: target };
      const row = await updated(tx, target.id, { disabledAt: null, updatedAt: context.now });
      return { kind: 'changed', row, action: 'user.enable', detail: {} };
    },
  );
}

/** Two-step off for a user who lost their app: they log in with the password alone until they turn it on again. */
export function turnOffUserTotp(context: Context, input: { id: string; password: string }) {
  return changeAccess(
    context,
    { ...input, purpose: 'user.totp_off', selfAllowed: false },
    async (tx, target) => {
      if (target.totpSecret === null) return { kind: 'unchanged', row: target };
      const row = await updated(tx, target.id, {
        totpSecret: null,
        totpLastStep: null,
        updatedAt: context.now,
      });
      await deleteSessionsOfUser(tx, target.id);
      return { kind: 'changed', row, action: 'user.totp_off', detail: { by: 'owner' } };
    },
  );
}

/**
 * A new generated password for a user who forgot theirs, answered once for the owner to pass on: the old one
 * stops working and their sessions end. Two-step, when on, stays on, so the new password alone logs nobody in.
 */
export async function resetConsoleUserPassword(
  context: Context,
  input: { id: string; password: string },
): Promise<UserAccessOutcome> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const outcome = await changeAccess(
    context,
    { ...input, purpose: 'user.password_reset', selfAllowed: false },
    async (tx, target) => {
      const row = await updated(tx, target.id, { passwordHash, updatedAt: context.now });
      await deleteSessionsOfUser(tx, target.id);
      return { kind: 'changed', row, action: 'user.password_reset', detail: {} };
    },
  );
  return outcome.kind === 'changed' ? { kind: 'password', user: outcome.user, password } : outcome;
}

export type OwnerAddUserOutcome = AddUserResult | ReauthRefusal | { kind: 'gone' };

/** A new user from the Users page: the owner's password first; then as the add-user command does it. */
export async function addUserAsOwner(
  context: Context,
  input: { email: string; role: ConsoleRole; password: string },
): Promise<OwnerAddUserOutcome> {
  const confirmed = await confirmOwner(context, input.password, 'user.create');
  if (confirmed.kind !== 'confirmed') return confirmed;
  const { user } = context.session;
  return addConsoleUser(
    context.db,
    { email: input.email, role: input.role },
    { userId: user.id, email: user.email },
    context.now,
  );
}

export type OwnerRoleChangeOutcome = ChangeRoleResult | ReauthRefusal | { kind: 'gone' };

/** A role changed by an owner (their own included, while another owner remains): the owner's password first. */
export async function changeRoleAsOwner(
  context: Context,
  input: { id: string; role: ConsoleRole; password: string },
): Promise<OwnerRoleChangeOutcome> {
  const confirmed = await confirmOwner(context, input.password, 'user.change');
  if (confirmed.kind !== 'confirmed') return confirmed;
  const { user } = context.session;
  return changeConsoleUserRole(
    context.db,
    { userId: user.id, email: user.email },
    { id: input.id, role: input.role },
    context.now,
  );
}
