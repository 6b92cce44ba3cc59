import { and, asc, eq, ne, sql } from 'drizzle-orm';
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

/** Owners other than this user: the last owner cannot be demoted. */
export async function otherOwnersCount(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.role, 'owner'), ne(consoleUsers.id, exceptId)));
  return Number(row?.count ?? 0);
}

export async function updateConsoleUser(
  db: Database,
  id: string,
  changes: Partial<Pick<ConsoleUserRow, 'role' | 'passwordHash' | 'totpSecret' | 'updatedAt'>>,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.update(consoleUsers).set(changes).where(eq(consoleUsers.id, id)).returning();
  return row;
}
