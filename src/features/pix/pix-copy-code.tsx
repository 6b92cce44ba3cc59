import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';
import { copyText } from './copy-text.ts';

const MESSAGE_MS = 4000;

/** The copy-and-paste code: read-only so it cannot be damaged, selectable, and one button to copy it. */
export function PixCopyCode({ code }: { code: string }) {
  const { t } = useI18n();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (result !== 'copied') return undefined;
    const timer = window.setTimeout(() => setResult(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    // Cleared first, so a second copy is announced again.
    setResult(null);
    const ok = await copyText(code, field.current);
    if (!ok) field.current?.select();
    setResult(ok ? 'copied' : 'failed');
  };

  return (
    <div className="pix-code">
      <label htmlFor={id} className="field__label">
        {t('pix.code.label')}
      </label>
      <div className="pix-code__row">
        <input
          ref={field}
          id={id}
          className="field__input pix-code__input"
          value={code}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <Button type="button" className="pix-code__copy" onClick={() => void copy()}>
          {t('pix.copy')}
        </Button>
      </div>
      <p
        role="status"
        className={`pix-code__status${result === 'failed' ? ' pix-code__status--failed' : ''}`}
      >
        {result === 'copied' ? `✓ ${t('pix.copied')}` : result === 'failed' ? t('pix.copyFailed') : ''}
      </p>
    </div>
  );
}
