import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { apiKeys, type ApiKeyRow } from '../db/schema.ts';

/* The queries of api_keys: only hashes go in and come out, never a key. */

export async function insertApiKey(db: Database, row: ApiKeyRow): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('api key insert returned no row');
  return inserted;
}

/** Newest first, revoked ones included (the console shows when each was revoked). */
export async function listApiKeyRows(db: Database): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(200);
}

export async function countActiveApiKeys(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(isNull(apiKeys.revokedAt));
  return row?.n ?? 0;
}

export async function findApiKey(db: Database, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

export async function findApiKeys(db: Database, ids: readonly string[]): Promise<ApiKeyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(apiKeys)
    .where(inArray(apiKeys.id, [...ids]));
}

/** The key's row, locked until the transaction ends (a revoke). */
export async function lockApiKey(db: Database, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
  return row;
}

/** Revoked once: a second revoke keeps the first time. Answers the row, revoked. */
export async function revokeApiKeyRow(db: Database, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/** The key not revoked whose hash this is (the unique index finds it). */
export async function findActiveKeyByHash(
  db: Database,
  keyHash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'name' | 'keyHash' | 'lastUsedAt'> | undefined> {
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, keyHash: apiKeys.keyHash, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

export async function touchApiKey(db: Database, id: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
