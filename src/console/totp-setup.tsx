import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { ConsoleApiError } from './console-api.ts';
import { useConsoleI18n } from './console-i18n.tsx';
import { confirmTotp, startTotp } from './settings-api.ts';
import { useSettingsWords } from './settings-messages.ts';
import { ME_QUERY } from './use-me.ts';

/**
 * Turning two-step verification on: the server makes a secret (not stored until a code from it is right),
 * the page shows it as a QR and as text, and a code typed from the app confirms it. A wrong code keeps the
 * secret on screen, so the next code can be typed at once.
 */
export function TotpSetup({ enabled }: { enabled: boolean }) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const ids = { code: useId(), hint: useId(), error: useId(), secret: useId(), steps: useId() };
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [done, setDone] = useState(false);
  const setupRef = useRef<HTMLDivElement>(null);
  const start = useMutation({ mutationFn: startTotp });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: async () => {
      setDone(true);
      start.reset();
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ME_QUERY });
      // The team list (an owner's own row) and the audit log say it too.
      await queryClient.invalidateQueries({ queryKey: ['console', 'settings'] });
    },
    onError: () => document.getElementById(ids.code)?.focus(),
  });
  useEffect(() => {
    if (start.data) setupRef.current?.focus();
  }, [start.data]);

  const wrong = confirm.error instanceof ConsoleApiError && confirm.error.type === 'totp_invalid';
  const codeError = formatError ? m.totpCodeFormat : wrong ? m.totpWrong : null;
  return (
    <section aria-labelledby="totp-title">
      <h3 id="totp-title" tabIndex={-1}>
        {m.totpTitle}
      </h3>
      <div role="status" aria-live="polite" className={done && enabled ? 'notice' : 'visually-hidden'}>
        {done && enabled ? m.totpDone : ''}
      </div>
      {enabled ? (
        <p>{m.totpOn}</p>
      ) : start.data ? (
        <div ref={setupRef} tabIndex={-1} className="card totp-setup" aria-describedby={ids.steps}>
          <p id={ids.steps}>{m.totpStep1}</p>
          <QRCodeSVG
            value={start.data.uri}
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
            <label htmlFor={ids.secret}>{m.totpSecret}</label>
            <input
              id={ids.secret}
              readOnly
              value={start.data.secret}
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
                navigator.clipboard.writeText(start.data.secret).then(
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
              event.preventDefault();
              const typed = code.replace(/\s/g, '');
              if (!/^\d{6}$/.test(typed)) {
                setFormatError(true);
                document.getElementById(ids.code)?.focus();
                return;
              }
              confirm.mutate({ secret: start.data.secret, code: typed });
            }}
          >
            <p>{m.totpStep2}</p>
            {confirm.isError && !wrong ? (
              <p role="alert" className="alert">
                {confirm.error instanceof ConsoleApiError && confirm.error.type !== 'network'
                  ? confirm.error.message
                  : t.errorNetwork}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor={ids.code}>{m.totpCode}</label>
              <input
                id={ids.code}
                className="totp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${ids.hint} ${ids.error}` : ids.hint}
                onChange={(event) => {
                  setCode(event.target.value);
                  setFormatError(false);
                  confirm.reset();
                }}
              />
              <p className="hint" id={ids.hint}>
                {m.totpCodeHint}
              </p>
              {codeError ? (
                <p className="field-error" id={ids.error} role="alert">
                  {codeError}
                </p>
              ) : null}
            </div>
            <div className="actions">
              <button type="submit" className="button primary" disabled={confirm.isPending}>
                {confirm.isPending ? m.working : m.totpConfirm}
              </button>
              <button
                type="button"
                className="button"
                disabled={confirm.isPending}
                onClick={() => {
                  start.reset();
                  confirm.reset();
                  setCode('');
                  setFormatError(false);
                  setCopied(null);
                  document.getElementById('totp-title')?.focus();
                }}
              >
                {m.cancel}
              </button>
            </div>
          </form>
        </div>
      ) : (
        <>
          <p>{m.totpOff}</p>
          {start.isError ? (
            <p role="alert" className="alert">
              {start.error instanceof ConsoleApiError && start.error.type !== 'network'
                ? start.error.message
                : t.errorNetwork}
            </p>
          ) : null}
          <button
            type="button"
            className="button primary"
            disabled={start.isPending}
            onClick={() => {
              setDone(false);
              start.mutate();
            }}
          >
            {start.isPending ? m.working : m.totpTurnOn}
          </button>
        </>
      )}
    </section>
  );
}
