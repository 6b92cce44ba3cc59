import { desc, eq, and, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { consoleAuditLog, type ConsoleAuditRow } from '../db/schema.ts';

export type NewAuditRow = Omit<ConsoleAuditRow, 'id'>;

export async function insertAuditRow(db: Database, row: NewAuditRow): Promise<void> {
  await db.insert(consoleAuditLog).values(row);
}

/** The log, newest first; of one target when given. */
export async function listAuditRows(
  db: Database,
  options: { targetType?: string; targetId?: string; beforeId?: number; limit: number },
): Promise<ConsoleAuditRow[]> {
  return db
    .select()
    .from(consoleAuditLog)
    .where(
      and(
        options.targetType ? eq(consoleAuditLog.targetType, options.targetType) : undefined,
        options.targetId ? eq(consoleAuditLog.targetId, options.targetId) : undefined,
        options.beforeId ? lt(consoleAuditLog.id, options.beforeId) : undefined,
      ),
    )
    .orderBy(desc(consoleAuditLog.id))
    .limit(options.limit);
}
