import { useEffect, useId, useRef, useState } from 'react';
import { useDialogWords } from './dialog-messages.ts';

/**
 * A new secret or key, shown once: read only, selectable, with Copy; "I have saved it" forgets it (the
 * server never shows it again). Focus lands on the panel so a screen reader announces it.
 */
export function SecretReveal({
  title,
  secret,
  note,
  onDone,
}: {
  title: string;
  secret: string;
  /** What to do with it, in place of the plain "copy it now" (a new user's password: pass it on securely). */
  note?: string;
  onDone: () => void;
}) {
  const { m } = useDialogWords();
  const ids = { title: useId(), value: useId(), note: useId() };
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    panelRef.current?.focus();
  }, []);
  return (
    <section ref={panelRef} className="secret-reveal" aria-labelledby={ids.title} tabIndex={-1}>
      <h3 id={ids.title}>{title}</h3>
      <p id={ids.note}>
        <strong>{note ?? m.shownOnce}</strong>
      </p>
      <div className="field">
        <label htmlFor={ids.value} className="visually-hidden">
          {title}
        </label>
        <input
          id={ids.value}
          readOnly
          value={secret}
          className="secret-value"
          aria-describedby={ids.note}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          {m.copy}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {m.savedIt}
        </button>
      </div>
      <p role="status" className="hint">
        {copied === 'yes' ? m.copied : copied === 'failed' ? m.copyFailed : ''}
      </p>
    </section>
  );
}
