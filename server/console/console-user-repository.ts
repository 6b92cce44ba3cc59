import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { consoleUsers, type ConsoleUserRow } from '../db/schema.ts';

export async function insertConsoleUser(
  db: Database,
  row: ConsoleUserRow,
): Promise<ConsoleUserRow | undefined> {
  const [inserted] = await db.insert(consoleUsers).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findConsoleUserByEmail(
  db: Database,
  email: string,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.email, email.toLowerCase()));
  return row;
}

export async function findConsoleUser(db: Database, id: string): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, id));
  return row;
}

export async function listConsoleUsers(db: Database): Promise<ConsoleUserRow[]> {
  return db.select().from(consoleUsers).orderBy(asc(consoleUsers.createdAt), asc(consoleUsers.id));
}

export async function countConsoleUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<string>`count(*)` }).from(consoleUsers);
  return Number(row?.count ?? 0);
}

/**
 * The owners who can still manage users (role owner, not disabled), their rows locked in id order until the
 * transaction ends: a demotion or a disabling counts them and changes a row in one locked step, so two at once
 * cannot each see the other and leave no owner. A waiting transaction re-reads a row another one changed and
 * leaves it out when it is no longer an active owner (PostgreSQL's READ COMMITTED re-check of FOR UPDATE).
 */
export async function lockActiveOwnerIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: consoleUsers.id })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.role, 'owner'), isNull(consoleUsers.disabledAt)))
    .orderBy(asc(consoleUsers.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function findConsoleUserForUpdate(
  db: Database,
  id: string,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, id)).for('update');
  return row;
}

export async function updateConsoleUser(
  db: Database,
  id: string,
  changes: Partial<
    Pick<ConsoleUserRow, 'role' | 'passwordHash' | 'totpSecret' | 'totpLastStep' | 'disabledAt' | 'updatedAt'>
  >,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.update(consoleUsers).set(changes).where(eq(consoleUsers.id, id)).returning();
  return row;
}

/**
 * Marks a TOTP step used, only if it is later than the last one used with this same secret: of two requests
 * with one code, one statement wins and the other changes nothing (false).
 */
export async function claimTotpStep(
  db: Database,
  id: string,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(consoleUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(consoleUsers.id, id),
        eq(consoleUsers.totpSecret, secret),
        or(isNull(consoleUsers.totpLastStep), lt(consoleUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: consoleUsers.id });
  return rows.length > 0;
}
