import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The rows after a cursor in a list ordered newest first by (created_at, id): older, or of the same instant with a
 * smaller id — rows written in one transaction share their created_at. No cursor, no condition.
 */
export function olderThan(
  createdAt: PgColumn,
  id: PgColumn,
  after: { createdAt: Date; id: string } | undefined,
): SQL | undefined {
  if (after === undefined) return undefined;
  return or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id)));
}
