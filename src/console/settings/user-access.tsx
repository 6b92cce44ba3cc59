import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleUser } from '../../../contract/console/console-settings.ts';
import { AccessDialog } from './access-dialog.tsx';
import { ConsoleApiError } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { credentialFieldError, formAlertText } from './credential-fields.tsx';
import { changeUserAccess, resetUserPassword, type UserAccessAction } from './api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { useSettingsWords } from './settings-messages.ts';

/** What an owner may do to another user's access from the team list. */
export type AccessChange = UserAccessAction | 'password';

/** The row's buttons: disable or enable, a new password, two-step off (when on). Not on the owner's own row. */
export function UserAccessButtons({
  user,
  onOpen,
}: {
  user: ConsoleUser;
  onOpen: (change: AccessChange) => void;
}) {
  const { m } = useSettingsWords();
  const disabled = user.disabled_at !== null;
  return (
    <span className="actions">
      <button
        type="button"
        className="button"
        aria-label={disabled ? m.enableOf(user.email) : m.disableOf(user.email)}
        onClick={() => onOpen(disabled ? 'enable' : 'disable')}
      >
        {disabled ? m.enable : m.disable}
      </button>
      <button
        type="button"
        className="button"
        aria-label={m.resetOf(user.email)}
        onClick={() => onOpen('password')}
      >
        {m.resetPassword}
      </button>
      {user.totp_enabled ? (
        <button
          type="button"
          className="button"
          aria-label={m.userTotpOffOf(user.email)}
          onClick={() => onOpen('totp-off')}
        >
          {m.userTotpOff}
        </button>
      ) : null}
    </span>
  );
}

/**
 * The confirmation of one change, with the owner's password. Done: the team list is read again and `onDone`
 * gets what to announce — and, for a new password, the password to show once.
 */
export function UserAccessDialog({
  user,
  change,
  onDone,
  onClose,
}: {
  user: ConsoleUser;
  change: AccessChange;
  onDone: (message: string, password?: { email: string; password: string }) => void;
  onClose: () => void;
}) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (currentPassword: string) => {
      if (change === 'password') {
        const answer = await resetUserPassword(user.id, currentPassword);
        return { email: answer.email, password: answer.password };
      }
      const answer = await changeUserAccess(user.id, change, currentPassword);
      return { email: answer.email, password: undefined };
    },
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.users }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.audit }),
      ]);
      const announced: Record<AccessChange, string> = {
        disable: m.userDisabled(answer.email),
        enable: m.userEnabled(answer.email),
        'totp-off': m.userTotpTurnedOff(answer.email),
        password: m.resetSecretTitle(answer.email),
      };
      onDone(
        announced[change],
        answer.password === undefined ? undefined : { email: answer.email, password: answer.password },
      );
    },
  });
  const error = mutation.error;
  const alert =
    !mutation.isError || credentialFieldError(error, m)
      ? null
      : error instanceof ConsoleApiError && error.type === 'last_owner'
        ? m.lastOwnerDisable
        : formAlertText(error, m, t);
  const words = {
    disable: { title: m.disableTitle(user.email), body: m.disableBody, label: m.disable, danger: true },
    enable: { title: m.enableTitle(user.email), body: m.enableBody, label: m.enable, danger: false },
    password: { title: m.resetTitle(user.email), body: m.resetBody, label: m.resetPassword, danger: true },
    'totp-off': {
      title: m.userTotpOffTitle(user.email),
      body: m.userTotpOffBody,
      label: m.userTotpOff,
      danger: true,
    },
  }[change];
  return (
    <AccessDialog
      title={words.title}
      confirmLabel={words.label}
      danger={words.danger}
      pending={mutation.isPending}
      error={error}
      alert={alert}
      onConfirm={(currentPassword) => mutation.mutate(currentPassword)}
      onClose={onClose}
    >
      <p>{words.body}</p>
    </AccessDialog>
  );
}
