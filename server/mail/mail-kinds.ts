import { NOTICE_KIND_VALUES } from '../../contract/console/console-mails.ts';

/** The mails a shopper gets (docs/merchants/receipts-and-notices.md), one per payment moment. */
export const RECEIPT_KINDS = [
  'card_approved',
  'pix_issued',
  'pix_paid',
  'boleto_issued',
  'boleto_paid',
  'refund',
] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The notices a console user may choose in Settings (each user their own). */
export const NOTICE_KINDS = NOTICE_KIND_VALUES;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A row's `kind`: a receipt's, or `notice_` and the notice's. */
export type MailKind = ReceiptKind | `notice_${NoticeKind}`;

export function isNoticeKind(value: string): value is NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(value);
}

/** Unset preferences: an owner hears of sales, refunds, paid boletos and a failing endpoint; others nothing. */
export function defaultNotices(role: string): NoticeKind[] {
  return role === 'owner' ? ['sale', 'refund', 'boleto_paid', 'endpoint_failing'] : [];
}

/** A user's notices: their choice, or their role's default; anything unknown in the column is ignored. */
export function noticesOf(user: { role: string; mailNotices: readonly string[] | null }): NoticeKind[] {
  return user.mailNotices === null ? defaultNotices(user.role) : user.mailNotices.filter(isNoticeKind);
}
