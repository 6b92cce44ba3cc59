/**
 * The machine of e-mails (mail_sends): every status, the moves between them and the sets the server acts on,
 * derived from the one table below like the deliveries' (events/delivery-machine.ts). Pure: the schema's CHECK
 * constraint is generated from it (docs/decisions/300-sql-in-repositories-and-closed-statuses.md).
 */

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'held'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

interface MailFacts {
  /** Queued: the mail worker claims it when due (under a lease). */
  queued: boolean;
  /** Where it leads; a retry after a failed try stays `pending`. */
  to: readonly MailStatus[];
}

/**
 * THE table. `pending`: queued (first try, or a retry on back-off); `sending`: handed to SMTP by a worker that
 * has not yet recorded the answer; `sent`: the SMTP server accepted it (250); `failed`: refused for good (5xx) or
 * every try failed until the give-up time; `unknown`: the worker stopped between handing it over and recording
 * the answer — never sent again by itself, so no one gets it twice (docs/decisions/330-mail-exactly-once.md);
 * `held`: a notice past the hourly limit for its inbox, left to the daily summary. Any mail may be sent again
 * by a console user ("resend"): back to `pending`.
 */
export const MAIL_MACHINE: Readonly<Record<MailStatus, MailFacts>> = {
  pending: { queued: true, to: ['sending', 'failed'] },
  sending: { queued: false, to: ['sent', 'pending', 'failed', 'unknown'] },
  sent: { queued: false, to: ['pending'] },
  failed: { queued: false, to: ['pending'] },
  unknown: { queued: false, to: ['pending'] },
  held: { queued: false, to: ['pending'] },
};

export const QUEUED_MAIL_STATUSES: ReadonlySet<MailStatus> = new Set(
  MAIL_STATUSES.filter((status) => MAIL_MACHINE[status].queued),
);

/** Names of the statuses for the code that writes them. */
export const MAIL = {
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  unknown: 'unknown',
  held: 'held',
} as const satisfies Record<MailStatus, MailStatus>;

export function isMailStatus(value: string): value is MailStatus {
  return Object.hasOwn(MAIL_MACHINE, value);
}

/** Whether the table allows `from` → `to` (staying is always allowed). */
export function canMoveMail(from: MailStatus, to: MailStatus): boolean {
  return from === to || MAIL_MACHINE[from].to.includes(to);
}
