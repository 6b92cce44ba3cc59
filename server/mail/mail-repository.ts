import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  checkoutSessions,
  consoleUsers,
  mailSends,
  outboxEvents,
  paymentAttempts,
  type CheckoutSessionRow,
  type ConsoleUserRow,
  type MailSendRow,
  type NewMailSendRow,
  type PaymentAttemptRow,
} from '../db/schema.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { asDate, jsonOf } from '../events/lease-queue-repository.ts';
import { MAIL, QUEUED_MAIL_STATUSES, type MailStatus } from './mail-machine.ts';

/*
 * The queries of mail_sends (server/mail/): queuing an outbox event's mails in one transaction with the event's
 * `mailed_at`, the mail worker's claims under a lease (as the outbox's: FOR UPDATE SKIP LOCKED), the mark
 * before a mail is handed to SMTP and the record after, and the console's reads and resends.
 */

/** An outbox event not yet mailed, as the mail queue reads it. */
export interface UnmailedEvent {
  id: string;
  type: string;
  sessionId: string | null;
  attemptId: string | null;
  payload: unknown;
  createdAt: Date;
}

/** Locks a batch of events not yet mailed (SKIP LOCKED: another instance takes the next batch). In a transaction. */
export async function lockUnmailedEvents(tx: Database, limit: number): Promise<UnmailedEvent[]> {
  const rows = await queryRows(
    tx,
    sql`select id, type, session_id, attempt_id, payload, created_at from outbox_events
        where mailed_at is null
        order by created_at
        limit ${limit}
        for update skip locked`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    type: String(row.type),
    sessionId: typeof row.session_id === 'string' ? row.session_id : null,
    attemptId: typeof row.attempt_id === 'string' ? row.attempt_id : null,
    payload: jsonOf(row.payload),
    createdAt: asDate(row.created_at),
  }));
}

export async function markEventsMailed(tx: Database, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(outboxEvents)
    .set({ mailedAt: now })
    .where(and(inArray(outboxEvents.id, [...ids]), isNull(outboxEvents.mailedAt)));
}

/** The sessions and attempts the events name (one query each). */
export async function mailContext(
  tx: Database,
  sessionIds: readonly string[],
  attemptIds: readonly string[],
): Promise<{ sessions: Map<string, CheckoutSessionRow>; attempts: Map<string, PaymentAttemptRow> }> {
  const sessions =
    sessionIds.length === 0
      ? []
      : await tx
          .select()
          .from(checkoutSessions)
          .where(inArray(checkoutSessions.id, [...sessionIds]));
  const attempts =
    attemptIds.length === 0
      ? []
      : await tx
          .select()
          .from(paymentAttempts)
          .where(inArray(paymentAttempts.id, [...attemptIds]));
  return {
    sessions: new Map(sessions.map((row) => [row.id, row])),
    attempts: new Map(attempts.map((row) => [row.id, row])),
  };
}

/** Console users who may get notices (not disabled). */
export async function noticeUsers(db: Database): Promise<ConsoleUserRow[]> {
  return db
    .select()
    .from(consoleUsers)
    .where(isNull(consoleUsers.disabledAt))
    .orderBy(consoleUsers.createdAt);
}

/** A user's unsubscribe secret, made on first use (kept: links in mails already sent keep working). */
export async function ensureNoticesToken(tx: Database, userId: string, token: string): Promise<string> {
  await tx
    .update(consoleUsers)
    .set({ noticesToken: token })
    .where(and(eq(consoleUsers.id, userId), isNull(consoleUsers.noticesToken)));
  const [row] = await tx
    .select({ token: consoleUsers.noticesToken })
    .from(consoleUsers)
    .where(eq(consoleUsers.id, userId));
  return row?.token ?? token;
}

/** Mails queued for `recipient` since `since` and not held: what the hourly limit counts. */
export async function mailsToRecipientSince(tx: Database, recipient: string, since: Date): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`select count(*)::int as n from mail_sends
        where recipient = ${recipient} and created_at >= ${since.toISOString()}::timestamptz
          and status not in (${sql.raw(sqlStatusList([MAIL.held]))})`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Inserts the mails; one already queued (same idempotency or dedupe key) is left as it is. */
export async function insertMails(tx: Database, rows: readonly NewMailSendRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(mailSends)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: mailSends.id });
  return inserted.length;
}

/** Claims due mails under a lease, each try counted (as the outbox's claims: FOR UPDATE SKIP LOCKED). */
export async function claimDueMails(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<MailSendRow[]> {
  const at = options.now.toISOString();
  const rows = await queryRows(
    db,
    sql`update mail_sends set locked_until = ${options.leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from mail_sends
          where status in (${sql.raw(sqlStatusList(QUEUED_MAIL_STATUSES))}) and next_attempt_at <= ${at}::timestamptz
            and (locked_until is null or locked_until <= ${at}::timestamptz)
          order by next_attempt_at
          limit ${options.limit}
          for update skip locked
        )
        returning id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(mailSends)
    .where(
      inArray(
        mailSends.id,
        rows.map((row) => String(row.id)),
      ),
    )
    .orderBy(mailSends.nextAttemptAt);
}

/**
 * The mark before a mail goes to SMTP, committed first: a worker that stops after it leaves `sending`, which
 * expireStaleSending turns `unknown` — never sent again by itself. Answers false when the claim was lost.
 */
export async function markSending(db: Database, id: string, leaseUntil: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailSends)
    .set({ status: MAIL.sending, updatedAt: now })
    .where(
      and(eq(mailSends.id, id), eq(mailSends.status, MAIL.pending), eq(mailSends.lockedUntil, leaseUntil)),
    )
    .returning({ id: mailSends.id });
  return rows.length > 0;
}

/** What SMTP answered, recorded: sent, back to the queue with its next try, or failed. */
export async function recordMailOutcome(
  db: Database,
  id: string,
  outcome: { status: MailStatus; response: string; at: Date; nextAttemptAt?: Date },
): Promise<void> {
  await db
    .update(mailSends)
    .set({
      status: outcome.status,
      lastResponse: outcome.response,
      lockedUntil: null,
      updatedAt: outcome.at,
      ...(outcome.status === MAIL.sent ? { sentAt: outcome.at } : {}),
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(and(eq(mailSends.id, id), eq(mailSends.status, MAIL.sending)));
}

/** `sending` whose lease ran out: the worker stopped between SMTP and the record. Answers how many. */
export async function expireStaleSending(db: Database, now: Date, response: string): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update mail_sends set status = ${sql.raw(sqlStatusList([MAIL.unknown]))}, locked_until = null,
          last_response = ${response}, updated_at = ${now.toISOString()}::timestamptz
        where status in (${sql.raw(sqlStatusList([MAIL.sending]))}) and locked_until <= ${now.toISOString()}::timestamptz
        returning id`,
  );
  return rows.length;
}

/** Claimed but not started (shutdown): back at once, the try uncounted. */
export async function releaseMailClaims(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailSends)
    .set({ lockedUntil: null, attempts: sql`${mailSends.attempts} - 1` })
    .where(and(inArray(mailSends.id, [...ids]), eq(mailSends.status, MAIL.pending)));
}

/** SMTP answers again: every mail waiting on its back-off is due now. */
export async function pullMailRetriesForward(db: Database, now: Date): Promise<void> {
  await db
    .update(mailSends)
    .set({ nextAttemptAt: now })
    .where(and(eq(mailSends.status, MAIL.pending), gt(mailSends.nextAttemptAt, now)));
}

/** A payment's mails, newest first (the console's payment page). */
export async function mailsOfAttempt(db: Database, attemptId: string): Promise<MailSendRow[]> {
  return db
    .select()
    .from(mailSends)
    .where(eq(mailSends.attemptId, attemptId))
    .orderBy(desc(mailSends.createdAt), desc(mailSends.id))
    .limit(100);
}

export async function findMail(db: Database, id: string): Promise<MailSendRow | undefined> {
  const [row] = await db.select().from(mailSends).where(eq(mailSends.id, id));
  return row;
}

/** Back to the queue, due now, its give-up time counted again (a resend); not while it is being sent. */
export async function requeueMail(db: Database, id: string, now: Date): Promise<MailSendRow | undefined> {
  const [row] = await db
    .update(mailSends)
    .set({ status: MAIL.pending, nextAttemptAt: now, queuedAt: now, lockedUntil: null, updatedAt: now })
    .where(
      and(eq(mailSends.id, id), inArray(mailSends.status, [MAIL.sent, MAIL.failed, MAIL.unknown, MAIL.held])),
    )
    .returning();
  return row;
}

/** The newest mails (the development mailbox reads what was captured; this is for the console's overview). */
export async function countMailsByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await queryRows(db, sql`select status, count(*)::int as n from mail_sends group by status`);
  return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.n)]));
}

/** A user's notices (null: their role's default) and the one-click unsubscribe. */
export async function setUserNotices(
  db: Database,
  userId: string,
  notices: string[] | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(consoleUsers)
    .set({ mailNotices: notices, updatedAt: now })
    .where(eq(consoleUsers.id, userId))
    .returning({ id: consoleUsers.id });
  return rows.length > 0;
}

export async function findConsoleUser(db: Database, userId: string): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
  return row;
}

/** What an erased shopper's mails keep of their address. */
const ERASED_RECIPIENT = 'erased';

/**
 * A customer's erasure (LGPD) reaches the mails sent to them: on the payments it anonymised, each shopper mail loses
 * its address and its text (a receipt holds the name, the items, the card's last four); the row stays — that a mail
 * of this kind went, when, and the SMTP server's answer. One not sent yet never will be. Mails to console users
 * (notices) are the shop's own and stay.
 */
export async function eraseShopperMailsOf(
  tx: Database,
  attemptIds: readonly string[],
  now: Date,
): Promise<number> {
  if (attemptIds.length === 0) return 0;
  const shopperMailsOfThese = and(inArray(mailSends.attemptId, [...attemptIds]), isNull(mailSends.userId));
  await tx
    .update(mailSends)
    .set({ status: MAIL.failed, lastResponse: 'Not sent: the customer was erased.', updatedAt: now })
    .where(and(shopperMailsOfThese, inArray(mailSends.status, [...QUEUED_MAIL_STATUSES])));
  const erased = await tx
    .update(mailSends)
    .set({
      recipient: ERASED_RECIPIENT,
      message: { subject: '', text: '', html: '', logo: false },
      updatedAt: now,
    })
    .where(shopperMailsOfThese)
    .returning({ id: mailSends.id });
  return erased.length;
}
