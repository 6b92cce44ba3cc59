import * as z from 'zod/mini';

/** How the server sends mail: SMTP, `npm start`'s development mailbox, or not at all (no SMTP_URL). */
export const MAIL_MODES = ['smtp', 'capture', 'off'] as const;

export const MAIL_STATUS_VALUES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'held'] as const;

/** One e-mail about a payment, as the console's payment page lists it. */
export const consoleMailSchema = z.object({
  id: z.string(),
  /** `card_approved`, `pix_issued`… or `notice_sale`… (docs/merchants/receipts-and-notices.md). */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUS_VALUES),
  attempts: z.int(),
  /** What the SMTP server last answered, or why no answer came. */
  last_response: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type ConsoleMail = z.infer<typeof consoleMailSchema>;

export const consolePaymentMailsSchema = z.object({
  mail: z.enum(MAIL_MODES),
  data: z.array(consoleMailSchema),
});
export type ConsolePaymentMails = z.infer<typeof consolePaymentMailsSchema>;

export const NOTICE_KIND_VALUES = [
  'sale',
  'refund',
  'boleto_paid',
  'endpoint_failing',
  'daily_summary',
] as const;
export type NoticeKindValue = (typeof NOTICE_KIND_VALUES)[number];

/** `PATCH /api/console/notices`: the notices the logged-in user gets. */
export const noticeSettingsRequestSchema = z.strictObject({
  notices: z.array(z.enum(NOTICE_KIND_VALUES)).check(z.maxLength(NOTICE_KIND_VALUES.length)),
});

export const noticeSettingsSchema = z.object({
  mail: z.enum(MAIL_MODES),
  notices: z.array(z.enum(NOTICE_KIND_VALUES)),
  /** Owners only: who gets what. */
  team: z.optional(
    z.array(z.object({ email: z.string(), role: z.string(), notices: z.array(z.enum(NOTICE_KIND_VALUES)) })),
  ),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;
