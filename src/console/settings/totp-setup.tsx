import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ConsoleApiError } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { codeSchema, credentialFieldError, formAlertText, FormField } from './credential-fields.tsx';
import { confirmTotp, removeTotp, startTotp } from './api.ts';
import { useSettingsWords, type SettingsMessages } from './settings-messages.ts';
import { ME_QUERY } from '../common/use-me.ts';

function setupSchema(m: SettingsMessages, replacing: boolean) {
  return z.object({
    code: codeSchema(m.totpCodeFormat),
    current_password: z.string().check(z.minLength(1, m.currentPasswordRequired)),
    current_totp: replacing ? codeSchema(m.codeRequired) : z.string(),
  });
}
type SetupForm = z.infer<ReturnType<typeof setupSchema>>;

function offSchema(m: SettingsMessages) {
  return z.object({
    current_password: z.string().check(z.minLength(1, m.currentPasswordRequired)),
    current_totp: codeSchema(m.codeRequired),
  });
}
type OffForm = z.infer<ReturnType<typeof offSchema>>;

type Done = 'enabled' | 'replaced' | 'off' | null;

/**
 * Two-step verification: turning it on, replacing its key, turning it off. The server makes a key (not stored
 * until a code from it is right); the page shows it as a QR and as text, and a code typed from the app confirms
 * it with the user's password — and, to replace or turn off a key, a code from the current one. A wrong code
 * keeps the key on screen, so the next code can be typed at once.
 */
export function TotpSetup({ enabled }: { enabled: boolean }) {
  const { m } = useSettingsWords();
  const queryClient = useQueryClient();
  const [turningOff, setTurningOff] = useState(false);
  const [done, setDone] = useState<Done>(null);
  const start = useMutation({ mutationFn: startTotp });
  const finished = (what: Done) => {
    setDone(what);
    start.reset();
    setTurningOff(false);
    // Now, not after the reads below: the person may already be on to the next button.
    document.getElementById('totp-title')?.focus();
    void queryClient.invalidateQueries({ queryKey: ME_QUERY });
    // The team list (an owner's own row) and the audit log say it too.
    void queryClient.invalidateQueries({ queryKey: ['console', 'settings'] });
  };
  const cancel = () => {
    start.reset();
    setTurningOff(false);
    document.getElementById('totp-title')?.focus();
  };
  const doneText =
    done === 'enabled'
      ? m.totpDone
      : done === 'replaced'
        ? m.totpReplaced
        : done === 'off'
          ? m.totpOffDone
          : '';

  return (
    <section aria-labelledby="totp-title">
      <h3 id="totp-title" tabIndex={-1}>
        {m.totpTitle}
      </h3>
      <div role="status" aria-live="polite" className={doneText ? 'notice' : 'visually-hidden'}>
        {doneText}
      </div>
      <p>{enabled ? m.totpOn : m.totpOff}</p>
      {start.data ? (
        <TotpKeyForm
          secret={start.data.secret}
          uri={start.data.uri}
          replacing={enabled}
          onDone={() => finished(enabled ? 'replaced' : 'enabled')}
          onCancel={cancel}
        />
      ) : turningOff ? (
        <TotpOffForm onDone={() => finished('off')} onCancel={cancel} />
      ) : (
        <StartButtons
          enabled={enabled}
          pending={start.isPending}
          error={start.error}
          onStart={() => {
            setDone(null);
            start.mutate();
          }}
          onTurnOff={() => {
            setDone(null);
            setTurningOff(true);
          }}
        />
      )}
    </section>
  );
}

function StartButtons({
  enabled,
  pending,
  error,
  onStart,
  onTurnOff,
}: {
  enabled: boolean;
  pending: boolean;
  error: Error | null;
  onStart: () => void;
  onTurnOff: () => void;
}) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  return (
    <>
      {error ? (
        <p role="alert" className="alert">
          {error instanceof ConsoleApiError && error.type !== 'network' ? error.message : t.errorNetwork}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className={enabled ? 'button' : 'button primary'}
          disabled={pending}
          onClick={onStart}
        >
          {pending ? m.working : enabled ? m.totpReplace : m.totpTurnOn}
        </button>
        {enabled ? (
          <button type="button" className="button" onClick={onTurnOff}>
            {m.totpTurnOff}
          </button>
        ) : null}
      </div>
    </>
  );
}

function TotpKeyForm({
  secret,
  uri,
  replacing,
  onDone,
  onCancel,
}: {
  secret: string;
  uri: string;
  replacing: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const setupRef = useRef<HTMLDivElement>(null);
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupSchema(m, replacing)),
    defaultValues: { code: '', current_password: '', current_totp: '' },
  });
  const confirm = useMutation({
    mutationFn: (values: SetupForm) =>
      confirmTotp({
        secret,
        code: values.code,
        current_password: values.current_password,
        ...(replacing ? { current_totp: values.current_totp } : {}),
      }),
    onSuccess: onDone,
    onError: (error) => {
      const problem = credentialFieldError(error, m);
      if (problem) form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });
  useEffect(() => {
    setupRef.current?.focus();
  }, []);
  const { errors } = form.formState;
  const alert = confirm.isError && !credentialFieldError(confirm.error, m);

  return (
    <div ref={setupRef} tabIndex={-1} className="card totp-setup" aria-describedby={`${id}-steps`}>
      <p id={`${id}-steps`}>{replacing ? `${m.totpReplaceIntro} ${m.totpStep1}` : m.totpStep1}</p>
      <QRCodeSVG
        value={uri}
        size={192}
        level="M"
        marginSize={4}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={m.totpQrLabel}
        className="totp-qr"
      />
      <div className="field">
        <label htmlFor={`${id}-secret`}>{m.totpSecret}</label>
        <input
          id={`${id}-secret`}
          readOnly
          value={secret}
          className="secret-value"
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          {m.copy}
        </button>
      </div>
      <p role="status" className="hint">
        {copied === 'yes' ? m.copied : copied === 'failed' ? m.copyFailed : ''}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => confirm.mutate(values))(event);
        }}
      >
        {alert ? (
          <p role="alert" className="alert">
            {formAlertText(confirm.error, m, t)}
          </p>
        ) : null}
        <p>{m.totpStep2}</p>
        <FormField
          id={`${id}-code`}
          label={m.totpCode}
          hint={m.totpCodeHint}
          kind="code"
          error={errors.code?.message}
          registration={form.register('code')}
        />
        <p>{m.totpStep3}</p>
        <FormField
          id={`${id}-password`}
          label={m.yourPassword}
          kind="current-password"
          error={errors.current_password?.message}
          registration={form.register('current_password')}
        />
        {replacing ? (
          <FormField
            id={`${id}-current-code`}
            label={m.totpOldCode}
            hint={m.currentCodeHint}
            kind="code"
            error={errors.current_totp?.message}
            registration={form.register('current_totp')}
          />
        ) : null}
        <div className="actions">
          <button type="submit" className="button primary" disabled={confirm.isPending}>
            {confirm.isPending ? m.working : m.totpConfirm}
          </button>
          <button type="button" className="button" disabled={confirm.isPending} onClick={onCancel}>
            {m.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}

function TotpOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const id = useId();
  const form = useForm<OffForm>({
    resolver: zodResolver(offSchema(m)),
    defaultValues: { current_password: '', current_totp: '' },
  });
  const remove = useMutation({
    mutationFn: removeTotp,
    onSuccess: onDone,
    onError: (error) => {
      const problem = credentialFieldError(error, m);
      if (problem && problem.field !== 'code')
        form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });
  useEffect(() => {
    document.getElementById(`${id}-password`)?.focus();
  }, [id]);
  const { errors } = form.formState;
  const alert = remove.isError && !credentialFieldError(remove.error, m);
  return (
    <form
      className="card inline-form account-form"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit((values) => remove.mutate(values))(event);
      }}
    >
      <h4 id={`${id}-title`}>{m.totpOffTitle}</h4>
      <p id={`${id}-body`}>{m.totpOffBody}</p>
      {alert ? (
        <p role="alert" className="alert">
          {formAlertText(remove.error, m, t)}
        </p>
      ) : null}
      <FormField
        id={`${id}-password`}
        label={m.yourPassword}
        kind="current-password"
        error={errors.current_password?.message}
        registration={form.register('current_password')}
      />
      <FormField
        id={`${id}-code`}
        label={m.currentCode}
        hint={m.currentCodeHint}
        kind="code"
        error={errors.current_totp?.message}
        registration={form.register('current_totp')}
      />
      <div className="actions">
        <button type="submit" className="button danger" disabled={remove.isPending}>
          {remove.isPending ? m.working : m.totpTurnOff}
        </button>
        <button type="button" className="button" disabled={remove.isPending} onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
