import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ConsoleApiError, logIn } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import type { ConsoleMessages } from '../common/console-messages.ts';
import { ME_QUERY } from '../common/use-me.ts';
import { LoginShopBrand } from '../common/shop-brand.tsx';

function loginSchema(t: ConsoleMessages) {
  return z.object({
    email: z.string().check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+$/, t.emailInvalid)),
    password: z.string().check(z.minLength(1, t.passwordRequired)),
    totp: z.optional(z.string().check(z.trim())),
  });
}
type LoginForm = z.infer<ReturnType<typeof loginSchema>>;

function errorText(error: unknown, t: ConsoleMessages): string {
  if (!(error instanceof ConsoleApiError)) return t.errorGeneric;
  switch (error.type) {
    case 'invalid_credentials':
      return t.wrongCredentials;
    case 'totp_required':
      return t.totpRequired;
    case 'totp_invalid':
      return t.totpWrong;
    case 'rate_limited':
      return t.throttled(error.retryAfterSeconds);
    case 'account_disabled':
      return t.accountDisabled;
    case 'network':
      return t.errorNetwork;
    default:
      return t.errorGeneric;
  }
}

/** The login page: e-mail and password, then the TOTP code when the account asks one. */
export function LoginPage({ ended }: { ended: boolean }) {
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const [askTotp, setAskTotp] = useState(false);
  const ids = { email: useId(), password: useId(), totp: useId(), error: useId() };
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginSchema(t)),
    defaultValues: { email: '', password: '', totp: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: LoginForm) =>
      logIn({
        email: values.email,
        password: values.password,
        ...(askTotp && values.totp ? { totp: values.totp } : {}),
      }),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY, me);
    },
    onError: (error) => {
      if (
        error instanceof ConsoleApiError &&
        (error.type === 'totp_required' || error.type === 'totp_invalid')
      ) {
        setAskTotp(true);
      }
    },
  });
  useEffect(() => {
    if (mutation.isError) alertRef.current?.focus();
  }, [mutation.isError, mutation.failureCount]);
  const { errors } = form.formState;
  return (
    <main id="main" className="login">
      <p className="login-brand">
        <LoginShopBrand />
      </p>
      <h1>{t.loginTitle}</h1>
      <p className="muted">{t.loginIntro}</p>
      {ended && !mutation.isError ? (
        <p role="status" className="notice">
          {t.sessionEnded}
        </p>
      ) : null}
      {mutation.isError ? (
        <div role="alert" tabIndex={-1} ref={alertRef} className="alert" id={ids.error}>
          {errorText(mutation.error, t)}
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            mutation.mutate(values);
          })(event);
        }}
      >
        <div className="field">
          <label htmlFor={ids.email}>{t.email}</label>
          <input
            id={ids.email}
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${ids.email}-error` : undefined}
            {...form.register('email')}
          />
          {errors.email ? (
            <p className="field-error" id={`${ids.email}-error`}>
              {errors.email.message}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{t.password}</label>
          <input
            id={ids.password}
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            {...form.register('password')}
          />
          {errors.password ? (
            <p className="field-error" id={`${ids.password}-error`}>
              {errors.password.message}
            </p>
          ) : null}
        </div>
        {askTotp ? (
          <div className="field">
            <label htmlFor={ids.totp}>{t.totp}</label>
            <input
              id={ids.totp}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-describedby={`${ids.totp}-hint`}
              {...form.register('totp')}
            />
            <p className="hint" id={`${ids.totp}-hint`}>
              {t.totpHint}
            </p>
          </div>
        ) : null}
        <button type="submit" className="button primary" disabled={mutation.isPending}>
          {mutation.isPending ? t.loggingIn : t.logIn}
        </button>
      </form>
    </main>
  );
}
