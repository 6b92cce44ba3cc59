import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { consoleSessions, consoleUsers, type ConsoleSessionRow, type ConsoleUserRow } from '../db/schema.ts';

export async function insertConsoleSession(db: Database, row: ConsoleSessionRow): Promise<void> {
  await db.insert(consoleSessions).values(row);
}

/**
 * The session with this token hash and its user, touched (`last_seen_at`) in the same statement — only while
 * neither the absolute nor the idle expiry has passed.
 */
export async function touchConsoleSession(
  db: Database,
  id: string,
  now: Date,
  idleSince: Date,
): Promise<{ session: ConsoleSessionRow; user: ConsoleUserRow } | undefined> {
  const [session] = await db
    .update(consoleSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(consoleSessions.id, id),
        gt(consoleSessions.expiresAt, now),
        gt(consoleSessions.lastSeenAt, idleSince),
      ),
    )
    .returning();
  if (!session) return undefined;
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, session.userId));
  return user ? { session, user } : undefined;
}

/** The session ended; its row as it was, or undefined when it had already ended. */
export async function deleteConsoleSession(db: Database, id: string): Promise<ConsoleSessionRow | undefined> {
  const [row] = await db.delete(consoleSessions).where(eq(consoleSessions.id, id)).returning();
  return row;
}

/** Every session of a user (role changed, disabled, password reset): they log in again. */
export async function deleteSessionsOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.userId, userId));
}

/** Every session of a user but the one making the change (their password or two-step changed). */
export async function deleteOtherSessionsOfUser(db: Database, userId: string, keepId: string): Promise<void> {
  await db
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), ne(consoleSessions.id, keepId)));
}

/** Expired sessions are only clutter: swept on each login. */
export async function deleteExpiredConsoleSessions(db: Database, now: Date, idleSince: Date): Promise<void> {
  await db
    .delete(consoleSessions)
    .where(or(lt(consoleSessions.expiresAt, now), lt(consoleSessions.lastSeenAt, idleSince)));
}
