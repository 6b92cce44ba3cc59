import { useEffect, useId, useRef, useState } from 'react';
import { formatDigitableLine } from '../../../contract/boleto/check-digits.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';

const MESSAGE_MS = 4000;

/**
 * The Clipboard API needs a secure context; when it is missing or refused, selecting the field and the old
 * `copy` command still work in most embedded browsers (bank apps' web views among them).
 */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) {
      await clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    // oxlint-disable-next-line typescript/no-deprecated -- the only fallback without the Clipboard API.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * The digitable line, shown as banks print it and copied as digits only (what bank apps accept), with one
 * button to copy it: on a phone the shopper pays in the bank app, so this comes first (as PIX's code). A hybrid
 * boleto's PIX code uses it too (`pix`): shown and copied as it is, under its own label — a QR code alone cannot
 * be scanned by the phone that shows it.
 */
export function BoletoCopyLine({ line, pix = false }: { line: string; pix?: boolean }) {
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
    setResult(null);
    const ok = await copyText(line, field.current);
    if (!ok) field.current?.select();
    setResult(ok ? 'copied' : 'failed');
  };

  return (
    <div className="boleto__line">
      <label htmlFor={id} className="field__label">
        {t(pix ? 'boleto.pix.code' : 'boleto.line.label')}
      </label>
      {/* Styled in place: a stylesheet of its own would be one more file the first load has to name. */}
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <input
          ref={field}
          id={id}
          className="field__input"
          style={{
            flex: '1 1 16rem',
            width: 'auto',
            fontFamily: 'ui-monospace, monospace',
            fontSize: '0.875rem',
          }}
          value={pix ? line : formatDigitableLine(line)}
          readOnly
          spellCheck={false}
          inputMode="none"
          onFocus={(event) => event.target.select()}
        />
        <Button type="button" onClick={() => void copy()}>
          {t(pix ? 'boleto.pix.copy' : 'boleto.copy')}
        </Button>
      </div>
      <p
        role="status"
        style={{ minHeight: '1.5rem', margin: '0.25rem 0 0', fontWeight: 600, color: 'var(--color-success)' }}
      >
        {result === 'copied' ? `✓ ${t('boleto.copied')}` : result === 'failed' ? t('boleto.copyFailed') : ''}
      </p>
    </div>
  );
}
