import type { ConsoleUser as ConsoleUserView } from '../../contract/console/console-settings.ts';
import type { ConsoleUser } from './console-sessions.ts';

/** A console user as the owners' team list and the user-access answers show it (never the password or key). */
export function consoleUserView(user: ConsoleUser): ConsoleUserView {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    totp_enabled: user.totpEnabled,
    disabled_at: user.disabledAt?.toISOString() ?? null,
  };
}
