import type {
  ConsoleMail,
  ConsolePaymentMails,
  NoticeSettings,
} from '../../contract/console/console-mails.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { MailSendRow } from '../db/rows.ts';
import { noticesOf, type NoticeKind } from './mail-kinds.ts';
import { isMailStatus } from './mail-machine.ts';
import {
  findConsoleUser,
  findMail,
  mailsOfAttempt,
  noticeUsers,
  requeueMail,
  setUserNotices,
} from './mail-repository.ts';

/*
 * The console's side of mail (docs/merchants/receipts-and-notices.md): a payment's mails with "resend", each
 * user's notices in Settings (owners see who gets what), and the one-click unsubscribe of a notice.
 */

function mailView(row: MailSendRow): ConsoleMail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.message.subject,
    status: isMailStatus(row.status) ? row.status : 'pending',
    attempts: row.attempts,
    last_response: row.lastResponse,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function mailMode(deps: Pick<AppDeps, 'mail'>): ConsolePaymentMails['mail'] {
  return deps.mail?.mode ?? 'off';
}

export async function paymentMails(deps: AppDeps, attemptId: string): Promise<ConsolePaymentMails> {
  return { mail: mailMode(deps), data: (await mailsOfAttempt(deps.db, attemptId)).map(mailView) };
}

export type ResendMailOutcome =
  | { kind: 'requeued'; mail: ConsoleMail }
  | { kind: 'not_found' }
  | { kind: 'busy' }
  | { kind: 'mail_off' };

/** Back to the queue (a resend), audited in the same transaction; not while it is being sent. */
export async function resendMail(
  deps: AppDeps,
  actor: AuditActor,
  attemptId: string,
  mailId: string,
): Promise<ResendMailOutcome> {
  if (mailMode(deps) === 'off') return { kind: 'mail_off' };
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const found = await findMail(tx, mailId);
    if (!found || found.attemptId !== attemptId) return { kind: 'not_found' };
    const row = await requeueMail(tx, mailId, now);
    await recordAudit(
      tx,
      actor,
      'mail.resend',
      { type: 'mail', id: mailId },
      { payment_id: attemptId, kind: found.kind, outcome: row ? 'requeued' : 'busy' },
      now,
    );
    return row ? { kind: 'requeued', mail: mailView(row) } : { kind: 'busy' };
  });
}

export async function noticeSettings(
  deps: AppDeps,
  user: { id: string; role: string },
): Promise<NoticeSettings | undefined> {
  const row = await findConsoleUser(deps.db, user.id);
  if (!row) return undefined;
  const team =
    user.role === 'owner'
      ? (await noticeUsers(deps.db)).map((member) => ({
          email: member.email,
          role: member.role,
          notices: noticesOf(member),
        }))
      : undefined;
  return { mail: mailMode(deps), notices: noticesOf(row), ...(team ? { team } : {}) };
}

export async function changeNotices(
  deps: AppDeps,
  actor: AuditActor & { userId: string },
  notices: NoticeKind[],
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const changed = await setUserNotices(tx, actor.userId, [...new Set(notices)], now);
    if (changed)
      await recordAudit(tx, actor, 'mail.notices', { type: 'user', id: actor.userId }, { notices }, now);
    return changed;
  });
}

/**
 * One click in a notice (its link or `List-Unsubscribe-Post`): that notice off for that user. The token is
 * the user's own random secret: a link cannot be made up, and it works without a log-in.
 */
export async function unsubscribe(
  deps: AppDeps,
  input: { userId: string; token: string; kind: NoticeKind },
): Promise<'done' | 'invalid'> {
  const user = await findConsoleUser(deps.db, input.userId);
  if (!user?.noticesToken || !timingSafeEqualText(user.noticesToken, input.token)) return 'invalid';
  const now = deps.now();
  const remaining = noticesOf(user).filter((kind) => kind !== input.kind);
  await deps.db.transaction(async (tx) => {
    await setUserNotices(tx, user.id, remaining, now);
    await recordAudit(
      tx,
      { userId: user.id, email: user.email },
      'mail.notices',
      { type: 'user', id: user.id },
      { notices: remaining, via: 'unsubscribe' },
      now,
    );
  });
  return 'done';
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
