import { useId } from 'react';
import { useConsoleI18n } from './console-i18n.tsx';

/**
 * A button the role does not allow: focusable, says why beside it (decision 240) — the links, events and
 * developers pages' operations for a viewer.
 */
export function RoleButton({
  allowed,
  label,
  name,
  busy,
  onClick,
  primary = false,
}: {
  allowed: boolean;
  label: string;
  name?: string;
  busy?: boolean;
  onClick: () => void;
  primary?: boolean;
}) {
  const { t } = useConsoleI18n();
  const reasonId = useId();
  return (
    <span className="action">
      <button
        type="button"
        className={primary ? 'button primary' : 'button'}
        aria-label={name}
        disabled={busy}
        aria-disabled={allowed ? undefined : true}
        aria-describedby={allowed ? undefined : reasonId}
        onClick={() => {
          if (allowed) onClick();
        }}
      >
        {label}
      </button>
      {allowed ? null : (
        <span className="hint" id={reasonId}>
          {t.reasonRole}
        </span>
      )}
    </span>
  );
}
