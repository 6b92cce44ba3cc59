import * as z from 'zod/mini';
import { consoleRoleSchema } from './console-auth.ts';

/**
 * The console's Settings page (docs/merchants/console.md): the owners' team list, a new user's one-time
 * password, the audit log pages, and the TOTP set-up answer.
 */
export const consoleUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: consoleRoleSchema,
  totp_enabled: z.boolean(),
  /** When an owner disabled the account (no log-in, no session); null: active. */
  disabled_at: z.nullable(z.string()),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

export const consoleUserListSchema = z.object({ data: z.array(consoleUserSchema) });

/** A new user, or a user's password reset by an owner: the generated password is in this answer only (stored hashed). */
export const consoleNewUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: consoleRoleSchema,
  password: z.string(),
});

export const consoleRoleChangeAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: consoleRoleSchema,
});

export const consoleTotpStartSchema = z.object({ secret: z.string(), uri: z.string() });

/** `before`: the id of the oldest row already shown; the next page is older than it. */
export const consoleAuditQuerySchema = z.strictObject({
  target_type: z.optional(z.string().check(z.maxLength(64))),
  target_id: z.optional(z.string().check(z.maxLength(200))),
  before: z.optional(z.string().check(z.regex(/^[1-9]\d{0,14}$/))),
});

export const consoleAuditRowSchema = z.object({
  id: z.number(),
  user_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type ConsoleAuditRow = z.infer<typeof consoleAuditRowSchema>;

/** A page of the log, newest first; `next_before` is null on the last page. */
export const consoleAuditListSchema = z.object({
  data: z.array(consoleAuditRowSchema),
  next_before: z.nullable(z.number()),
});
export type ConsoleAuditList = z.infer<typeof consoleAuditListSchema>;
