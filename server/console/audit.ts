import type { ConsoleAuditRow } from '../../contract/console/console-settings.ts';
import type { Database } from '../db/database.ts';
import { insertAuditRow, listAuditRows } from './audit-repository.ts';

/**
 * Who acts: the logged-in console user (or `cli` for the add-user command), or the merchant API's key
 * (`apiKeyActor`): `email` is what the log shows in its "who" column.
 */
export interface AuditActor {
  userId: string | null;
  email: string;
  /** The extra API key that made the request (merchant API): what it creates is recorded as its. */
  apiKeyId?: string;
}

/**
 * The merchant API's caller as an actor: an extra API key by name and id (names are not unique, ids are), or
 * the environment's CHECKOUT_SECRET_KEY. Never the key itself.
 */
export function apiKeyActor(key: { id: string; name: string } | null): AuditActor {
  return key
    ? { userId: null, email: `API key “${key.name}” (${key.id})`, apiKeyId: key.id }
    : { userId: null, email: 'CHECKOUT_SECRET_KEY' };
}

export type AuditAction =
  | 'session.login'
  | 'session.login_failed'
  | 'session.logout'
  /** A sensitive change refused: the current password or two-step code typed again was wrong. */
  | 'session.reauth_failed'
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
  | 'user.totp_off'
  | 'user.password'
  | 'user.password_reset'
  | 'user.disable'
  | 'user.enable'
  | 'customer.card_remove'
  | 'customer.erase'
  | 'webhook_endpoint.create'
  | 'webhook_endpoint.change'
  | 'webhook_endpoint.delete'
  | 'webhook_endpoint.roll_secret'
  | 'api_key.create'
  | 'api_key.revoke'
  /** The shop's identity (name, colour, support, language; server/shop/change-shop-identity.ts). */
  | 'shop.change'
  | 'shop.logo'
  | 'shop.logo_remove'
  | 'mail.resend'
  | 'mail.notices';

/**
 * One row of the console's audit log: who did what to which object, with what (amounts, the outcome).
 * Written with the action's outcome, so a refused capture is on record as refused; a use case that changes
 * something writes it in the transaction of the change (both commit or neither does).
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

export const AUDIT_PAGE_SIZE = 50;

/**
 * A page of the log, newest first (of one target when given), older than `beforeId` when given: what the
 * owners' Settings page shows, with "Load more" while `nextBefore` is not null. One row more than the page
 * is read, so the last page says so without a second query.
 */
export async function listAudit(
  db: Database,
  filter: { targetType?: string | undefined; targetId?: string | undefined; beforeId?: number | undefined },
): Promise<{ data: ConsoleAuditRow[]; next_before: number | null }> {
  const rows = await listAuditRows(db, {
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(filter.beforeId ? { beforeId: filter.beforeId } : {}),
    limit: AUDIT_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  const data = page.map((row) => ({
    id: row.id,
    user_email: row.userEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    detail: row.detail,
    at: row.createdAt.toISOString(),
  }));
  return { data, next_before: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
}
