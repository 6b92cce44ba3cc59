import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ConsoleApiError } from './console-api.ts';
import { useConsoleI18n } from './console-i18n.tsx';
import { useDialogWords } from './dialog-messages.ts';

type Typed = { label: string; expected: string; mismatch: string };

// The typed confirmation matches whatever the case and the blanks around it; without one there is nothing to check.
function typedSchema(typed: Typed | undefined) {
  const same = (text: string) => !typed || text.trim().toLowerCase() === typed.expected.trim().toLowerCase();
  return z.object({ text: z.string().check(z.refine(same, typed?.mismatch ?? '')) });
}
type TypedForm = z.infer<ReturnType<typeof typedSchema>>;

/**
 * A change confirmed in a modal dialog (focus kept inside, Esc closes unless sending): what happens, an
 * optional typed confirmation (erasure: the e-mail), the server's refusal shown in the dialog.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  pending,
  error,
  typed,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  typed?: Typed;
  onConfirm: (typedText: string) => void;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const { m } = useDialogWords();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), body: useId(), typed: useId(), typedError: useId() };
  const form = useForm<TypedForm>({ resolver: zodResolver(typedSchema(typed)), defaultValues: { text: '' } });
  const mismatch = form.formState.errors.text;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => onConfirm(values.text))(event);
        }}
      >
        <h2 id={ids.title}>{title}</h2>
        {error ? (
          <p role="alert" className="alert">
            {error instanceof ConsoleApiError && error.type !== 'network' ? error.message : t.errorNetwork}
          </p>
        ) : null}
        <div id={ids.body}>{children}</div>
        {typed ? (
          <div className="field">
            <label htmlFor={ids.typed}>{typed.label}</label>
            <input
              id={ids.typed}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={mismatch ? true : undefined}
              aria-describedby={mismatch ? ids.typedError : undefined}
              {...form.register('text')}
            />
            {mismatch ? (
              <p className="field-error" id={ids.typedError}>
                {mismatch.message}
              </p>
            ) : null}
          </div>
        ) : null}
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
