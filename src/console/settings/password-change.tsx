import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { CONSOLE_PASSWORD_MIN } from '../../../contract/console/console-auth.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { codeSchema, credentialFieldError, formAlertText, FormField } from './credential-fields.tsx';
import { passwordRefusalText } from './password-messages.ts';
import { changePassword } from './api.ts';
import { useSettingsWords, type SettingsMessages } from './settings-messages.ts';

function passwordSchema(m: SettingsMessages, withCode: boolean) {
  return z
    .object({
      current_password: z.string().check(z.minLength(1, m.currentPasswordRequired)),
      new_password: z
        .string()
        .check(z.minLength(CONSOLE_PASSWORD_MIN, m.newPasswordShort), z.maxLength(1024, m.newPasswordLong)),
      repeat: z.string(),
      current_totp: withCode ? codeSchema(m.codeRequired) : z.string(),
    })
    .check(z.refine((v) => v.new_password === v.repeat, { message: m.passwordsDiffer, path: ['repeat'] }));
}
type PasswordForm = z.infer<ReturnType<typeof passwordSchema>>;

const EMPTY: PasswordForm = { current_password: '', new_password: '', repeat: '', current_totp: '' };

/**
 * Change my password: the current one, the new one twice, and a current code while two-step is on. Behind a
 * button, so the page stays short; the server's refusal lands on the field it names, and the user's other
 * sessions end (the notice says so).
 */
export function PasswordChange({ totpEnabled }: { totpEnabled: boolean }) {
  const { m } = useSettingsWords();
  const { t, locale } = useConsoleI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  // Focus follows the form: into it when it opens, back to its button when it closes (changed or cancelled).
  const wasOpen = useRef(false);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordSchema(m, totpEnabled)),
    defaultValues: EMPTY,
  });
  const mutation = useMutation({
    mutationFn: (values: PasswordForm) =>
      changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
        ...(totpEnabled ? { current_totp: values.current_totp } : {}),
      }),
    onSuccess: () => {
      form.reset(EMPTY);
      setOpen(false);
      setDone(true);
    },
    onError: (error) => {
      // A new password the server's policy refused (too common, one character repeated…) lands on its field.
      const refused = passwordRefusalText(error, locale);
      if (refused !== null) {
        form.setError('new_password', { message: refused }, { shouldFocus: true });
        return;
      }
      const problem = credentialFieldError(error, m);
      if (problem && problem.field !== 'code')
        form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });
  useEffect(() => {
    if (open) document.getElementById(`${id}-current`)?.focus();
    else if (wasOpen.current) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open, id]);
  const { errors } = form.formState;
  const alert =
    mutation.isError &&
    !credentialFieldError(mutation.error, m) &&
    passwordRefusalText(mutation.error, locale) === null;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{m.passwordSectionTitle}</h3>
      <div role="status" aria-live="polite" className={done ? 'notice' : 'visually-hidden'}>
        {done ? m.passwordChanged : ''}
      </div>
      {open ? (
        <form
          className="card inline-form account-form"
          aria-labelledby={`${id}-title`}
          noValidate
          onSubmit={(event) => {
            void form.handleSubmit((values) => mutation.mutate(values))(event);
          }}
        >
          <p>{m.passwordSectionIntro}</p>
          {alert ? (
            <p role="alert" className="alert">
              {formAlertText(mutation.error, m, t)}
            </p>
          ) : null}
          <FormField
            id={`${id}-current`}
            label={m.currentPassword}
            kind="current-password"
            error={errors.current_password?.message}
            registration={form.register('current_password')}
          />
          <FormField
            id={`${id}-new`}
            label={m.newPassword}
            hint={m.newPasswordHint}
            kind="new-password"
            error={errors.new_password?.message}
            registration={form.register('new_password')}
          />
          <FormField
            id={`${id}-repeat`}
            label={m.repeatPassword}
            kind="new-password"
            error={errors.repeat?.message}
            registration={form.register('repeat')}
          />
          {totpEnabled ? (
            <FormField
              id={`${id}-code`}
              label={m.currentCode}
              hint={m.currentCodeHint}
              kind="code"
              error={errors.current_totp?.message}
              registration={form.register('current_totp')}
            />
          ) : null}
          <div className="actions">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending ? m.working : m.changePassword}
            </button>
            <button
              type="button"
              className="button"
              disabled={mutation.isPending}
              onClick={() => {
                form.reset(EMPTY);
                mutation.reset();
                setOpen(false);
                setDone(false);
              }}
            >
              {m.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={openerRef}
          type="button"
          className="button"
          onClick={() => {
            setDone(false);
            mutation.reset();
            setOpen(true);
          }}
        >
          {m.changePassword}
        </button>
      )}
    </section>
  );
}
