import * as z from 'zod/mini';
import { consoleBrandSchema } from './console-shop.ts';

/**
 * The merchant console's accounts (docs/merchants/console.md): `owner` manages users and settings, `staff`
 * captures, refunds, manages links and resends events, `viewer` reads only.
 */
export const CONSOLE_ROLES = ['owner', 'staff', 'viewer'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export const consoleRoleSchema = z.enum(CONSOLE_ROLES);

/** What each role may do; the server checks it on every endpoint that changes anything. */
export const CONSOLE_PERMISSIONS = {
  read: ['owner', 'staff', 'viewer'],
  operate: ['owner', 'staff'],
  administer: ['owner'],
} as const satisfies Record<string, readonly ConsoleRole[]>;
export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

export function roleMay(role: ConsoleRole, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly ConsoleRole[]).includes(role);
}

export const CONSOLE_PASSWORD_MIN = 12;
export const CONSOLE_PASSWORD_MAX = 1024;

/**
 * Why the server refuses a password someone chose (a new user's, a changed or reset one): the error's `type`, its
 * `parameter_name` the password field. Common passwords and one character repeated are refused whatever their
 * length (docs/decisions/284-console-login-failures-and-common-passwords.md).
 */
export const CONSOLE_PASSWORD_PROBLEMS = [
  'password_too_short',
  'password_too_long',
  'password_repeated',
  'password_common',
] as const;
export type ConsolePasswordProblem = (typeof CONSOLE_PASSWORD_PROBLEMS)[number];

export const consoleLoginRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** The 6-digit code of an owner who turned TOTP on. */
  totp: z.optional(z.string().check(z.regex(/^\d{6}$/))),
});
export type ConsoleLoginRequest = z.infer<typeof consoleLoginRequestSchema>;

/** Who is logged in, and the token to echo in `X-CSRF-Token` on every change. */
export const consoleMeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    role: consoleRoleSchema,
    totp_enabled: z.boolean(),
  }),
  csrf_token: z.string(),
  expires_at: z.string(),
  /** The shop's name and logo for the header: with who is logged in, so a page asks for one thing, not two. */
  shop: consoleBrandSchema,
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

export const CSRF_HEADER = 'X-CSRF-Token';
/** The console's API, beside the merchant API (same body limit, no-store and JSON 404s). */
export const CONSOLE_API_BASE = '/api/console';
