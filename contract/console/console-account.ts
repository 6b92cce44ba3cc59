import * as z from 'zod/mini';
import { consoleRoleSchema } from './console-auth.ts';

/**
 * What a sensitive change sends again (docs/decisions/282-console-account-changes.md): the current password, and
 * for one's own password or two-step, a current code while two-step is on. The server decides what a good new
 * password is and answers which field is wrong.
 */
const currentPassword = z.string().check(z.minLength(1), z.maxLength(1024));
const totpCode = z.string().check(z.regex(/^\d{6}$/));

/** `POST /api/console/me/password`. */
export const consolePasswordChangeSchema = z.strictObject({
  current_password: currentPassword,
  current_totp: z.optional(totpCode),
  new_password: z.string().check(z.maxLength(1024)),
});

/** `POST /api/console/me/totp/confirm`: turn two-step on, or replace its key (`current_totp` from the old one). */
export const consoleTotpConfirmSchema = z.strictObject({
  secret: z.string().check(z.maxLength(64)),
  code: totpCode,
  current_password: currentPassword,
  current_totp: z.optional(totpCode),
});

/** `POST /api/console/me/totp/remove`. */
export const consoleTotpRemoveSchema = z.strictObject({
  current_password: currentPassword,
  current_totp: z.optional(totpCode),
});

/** An owner's change to another user's access (disable, enable, new password, two-step off): their own password. */
export const consoleOwnerConfirmSchema = z.strictObject({ current_password: currentPassword });

/**
 * `POST /api/console/users` and `PATCH /api/console/users/{id}`: adding a user and changing a role are owners'
 * changes to access too, confirmed with the owner's password.
 */
export const consoleNewUserRequestSchema = z.strictObject({
  email: z.string().check(z.maxLength(254)),
  role: consoleRoleSchema,
  current_password: currentPassword,
});
export type ConsoleNewUserRequest = z.infer<typeof consoleNewUserRequestSchema>;

export const consoleRoleChangeRequestSchema = z.strictObject({
  role: consoleRoleSchema,
  current_password: currentPassword,
});
