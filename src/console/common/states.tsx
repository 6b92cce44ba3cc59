import { ConsoleApiError } from './console-api.ts';
import { useConsoleI18n } from './console-i18n.tsx';

export function LoadingState() {
  const { t } = useConsoleI18n();
  return (
    <p role="status" className="loading">
      {t.loading}
    </p>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useConsoleI18n();
  const network = error instanceof ConsoleApiError && error.type === 'network';
  return (
    <div role="alert" className="alert">
      <p>{network ? t.errorNetwork : t.errorGeneric}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
