import type { Context } from 'hono';
import type { PasswordRefusal } from '../console/password-policy.ts';
import { apiError } from '../http/api-error.ts';

/**
 * A chosen password refused (server/console/password-policy.ts): 400, the problem as the error's type (the console
 * words it in the reader's language) and the field that holds the password as its parameter.
 */
export function passwordRefused(c: Context, refusal: PasswordRefusal, field: string): Response {
  return apiError(c, 400, refusal.message, refusal.problem, field);
}
