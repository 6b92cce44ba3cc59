import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { credentialFieldError, FormField } from './credential-fields.tsx';
import { useSettingsWords, type SettingsMessages } from './settings-messages.ts';

function confirmSchema(m: SettingsMessages) {
  return z.object({ current_password: z.string().check(z.minLength(1, m.currentPasswordRequired)) });
}
type ConfirmForm = z.infer<ReturnType<typeof confirmSchema>>;

/**
 * An owner's change to another user's access, in a modal dialog (focus kept inside, Esc closes unless sending):
 * what will happen, the owner's password to confirm it, the server's refusal — on the password field when the
 * password was wrong, above the form otherwise (`alert`, already in the page's language).
 */
export function AccessDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  pending,
  error,
  alert,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  alert: string | null;
  onConfirm: (currentPassword: string) => void;
  onClose: () => void;
}) {
  const { m } = useSettingsWords();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const form = useForm<ConfirmForm>({
    resolver: zodResolver(confirmSchema(m)),
    defaultValues: { current_password: '' },
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    document.getElementById(`${id}-password`)?.focus();
  }, [id]);
  useEffect(() => {
    const problem = credentialFieldError(error, m);
    if (problem?.field === 'current_password') {
      form.setError('current_password', { message: problem.message }, { shouldFocus: true });
    }
  }, [error, form, m]);
  const { errors } = form.formState;
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => onConfirm(values.current_password))(event);
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {alert ? (
          <p role="alert" className="alert">
            {alert}
          </p>
        ) : null}
        <div id={`${id}-body`}>{children}</div>
        <FormField
          id={`${id}-password`}
          label={m.yourPassword}
          hint={m.ownerPasswordHint}
          kind="current-password"
          error={errors.current_password?.message}
          registration={form.register('current_password')}
        />
        <div className="actions">
          <button type="submit" className={danger ? 'button danger' : 'button primary'} disabled={pending}>
            {pending ? m.working : confirmLabel}
          </button>
          <button type="button" className="button" disabled={pending} onClick={onClose}>
            {m.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
