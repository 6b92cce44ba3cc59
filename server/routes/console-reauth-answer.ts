import type { Context } from 'hono';
import type { ReauthRefusal } from '../console/reauth.ts';
import { apiError } from '../http/api-error.ts';

/**
 * The answer to a sensitive change whose password or code, typed again, was refused: a 400 naming the field
 * (not a 401, which the console reads as "your session ended"), or a 429 after too many tries.
 */
export function reauthRefused(c: Context, refusal: ReauthRefusal): Response {
  switch (refusal.kind) {
    case 'wrong-password':
      return apiError(c, 400, 'Your current password is not right.', 'wrong_password', 'current_password');
    case 'totp-required':
      return apiError(c, 400, 'Type the code from your authenticator app.', 'totp_required', 'current_totp');
    case 'totp-invalid':
      return apiError(
        c,
        400,
        'Wrong code from the authenticator app, or one already used: type the next one.',
        'totp_invalid',
        'current_totp',
      );
    case 'throttled':
      c.header('Retry-After', String(refusal.retryAfterSeconds));
      return apiError(c, 429, 'Too many attempts. Wait a few minutes and try again.', 'rate_limited');
  }
}

/** The session's user vanished between the guard and the change: as for any ended session. */
export function sessionGone(c: Context): Response {
  return apiError(c, 401, 'Log in to the console.', 'unauthenticated');
}
