import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import type { Database } from '../db/database.ts';
import type { ConsoleSessionRow, ConsoleUserRow } from '../db/rows.ts';
import { recordAudit } from './audit.ts';
import {
  deleteConsoleSession,
  deleteExpiredConsoleSessions,
  insertConsoleSession,
  touchConsoleSession,
} from './console-session-repository.ts';

/** Idle and absolute expiry (AppPolicy; docs/decisions/240-console-accounts-and-sessions.md). */
export interface ConsoleSessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export function consoleSessionPolicy(policy: {
  consoleSessionIdleMs: number;
  consoleSessionAbsoluteMs: number;
}): ConsoleSessionPolicy {
  return { idleMs: policy.consoleSessionIdleMs, absoluteMs: policy.consoleSessionAbsoluteMs };
}

/** The logged-in user as every console route sees it. */
export interface ConsoleUser {
  id: string;
  email: string;
  role: ConsoleRole;
  totpEnabled: boolean;
  /** When an owner disabled the account (it cannot log in); null: active. */
  disabledAt: Date | null;
}

export interface ConsoleSession {
  /** The token's hash: the row's id. */
  id: string;
  user: ConsoleUser;
  csrfToken: string;
  expiresAt: Date;
}

/** The cookie carries the token; the database only its SHA-256, so a copy of the table logs nobody in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function consoleUserOf(row: ConsoleUserRow): ConsoleUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    totpEnabled: row.totpSecret !== null,
    disabledAt: row.disabledAt,
  };
}

function sessionOf(row: ConsoleSessionRow, user: ConsoleUserRow): ConsoleSession {
  return { id: row.id, user: consoleUserOf(user), csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}

/**
 * A new session for a user who just proved who they are: always a fresh token (never one the browser
 * brought: no session fixation), and the previous session of this browser, if any, ended.
 */
export async function startConsoleSession(
  db: Database,
  user: ConsoleUserRow,
  now: Date,
  policy: ConsoleSessionPolicy,
  previousToken: string | undefined,
): Promise<{ token: string; session: ConsoleSession }> {
  if (previousToken) await deleteConsoleSession(db, tokenHash(previousToken));
  await deleteExpiredConsoleSessions(db, now, new Date(now.getTime() - policy.idleMs));
  const token = randomBytes(32).toString('base64url');
  const row: ConsoleSessionRow = {
    id: tokenHash(token),
    userId: user.id,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
  };
  await insertConsoleSession(db, row);
  return { token, session: sessionOf(row, user) };
}

/** The session of a cookie's token, if it has not expired (idle or absolute); its idle clock restarts. */
export async function resumeConsoleSession(
  db: Database,
  token: string,
  now: Date,
  policy: ConsoleSessionPolicy,
): Promise<ConsoleSession | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const found = await touchConsoleSession(db, tokenHash(token), now, new Date(now.getTime() - policy.idleMs));
  // Disabling a user deletes their sessions in the same transaction; this is the second lock on that door.
  return found && found.user.disabledAt === null ? sessionOf(found.session, found.user) : undefined;
}

/** Log out: the session ends and the log says so, in one transaction (a second logout records nothing). */
export async function endConsoleSession(
  db: Database,
  session: ConsoleSession,
  address: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await deleteConsoleSession(tx, session.id);
    if (!ended) return;
    const { user } = session;
    await recordAudit(
      tx,
      { userId: user.id, email: user.email },
      'session.logout',
      { type: 'user', id: user.id },
      { address },
      now,
    );
  });
}
