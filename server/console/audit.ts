import type { Database } from '../db/database.ts';
import { insertAuditRow, listAuditRows } from './audit-repository.ts';

/** Who acts: the logged-in console user (or `cli` for the add-user command). */
export interface AuditActor {
  userId: string | null;
  email: string;
}

export type AuditAction =
  | 'session.login'
  | 'session.login_failed'
  | 'session.logout'
  | 'payment.capture'
  | 'payment.refund'
  | 'payment.export'
  | 'event.resend'
  | 'event.resend_failed'
  | 'event.test'
  | 'link.create'
  | 'link.change'
  | 'link.deactivate'
  | 'user.create'
  | 'user.change'
  | 'user.totp'
  | 'customer.card_remove'
  | 'customer.erase'
  | 'webhook_endpoint.create'
  | 'webhook_endpoint.change'
  | 'webhook_endpoint.delete'
  | 'webhook_endpoint.roll_secret'
  | 'api_key.create'
  | 'api_key.revoke';

/**
 * One row of the console's audit log: who did what to which object, with what (amounts, the outcome).
 * Written after the action answered, with its outcome, so a refused capture is on record as refused.
 */
export async function recordAudit(
  db: Database,
  actor: AuditActor,
  action: AuditAction,
  target: { type: string; id: string | null },
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await insertAuditRow(db, {
    userId: actor.userId,
    userEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    detail,
    createdAt: now,
  });
}

/** The newest 200 rows of the log (of one target when given), as the owners' page shows them. */
export async function listAudit(
  db: Database,
  filter: { targetType?: string | undefined; targetId?: string | undefined },
): Promise<
  {
    id: number;
    user_email: string;
    action: string;
    target_type: string;
    target_id: string | null;
    detail: Record<string, unknown>;
    at: string;
  }[]
> {
  const rows = await listAuditRows(db, {
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    limit: 200,
  });
  return rows.map((row) => ({
    id: row.id,
    user_email: row.userEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    detail: row.detail,
    at: row.createdAt.toISOString(),
  }));
}
