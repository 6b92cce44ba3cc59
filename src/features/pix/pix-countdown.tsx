import { useEffect, useId } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCountdown, spokenCheckpoint, type SpokenCheckpoint } from './countdown-format.ts';
import { timeLeftMs } from './pix-expiry.ts';
import { useServerNow } from './use-server-now.ts';

interface PixCountdownProps {
  /** Epoch ms, from `pix_expiration_date` in the gateway's zone. */
  expiresAt: number;
  /** Epoch ms at which the code was issued (gateway clock): the full length of the bar. */
  issuedAt: number;
  onExpire: () => void;
}

/**
 * Ticks every second for the eye; screen readers hear the separate status line, whose text changes
 * only at the checkpoints of spokenCheckpoint (every 5 minutes, then every minute).
 */
export function PixCountdown({ expiresAt, issuedAt, onExpire }: PixCountdownProps) {
  const { t } = useI18n();
  const labelId = useId();
  const now = useServerNow();
  const left = timeLeftMs(expiresAt, now);
  const expired = left <= 0;

  useEffect(() => {
    if (expired) onExpire();
  }, [expired, onExpire]);

  const total = Math.max(expiresAt - issuedAt, 1000);
  const percent = Math.min(100, Math.max(0, Math.round((left / total) * 100)));
  const time = formatCountdown(left);
  return (
    <div className={`pix-countdown${left < 5 * 60_000 ? ' pix-countdown--ending' : ''}`}>
      <p className="pix-countdown__row">
        <span id={labelId}>{t('pix.countdown.label')}</span>{' '}
        <strong className="pix-countdown__time" data-testid="pix-countdown">
          {time}
        </strong>
      </p>
      <div
        className="pix-progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('pix.countdown.valueText', { time })}
      >
        <div className="pix-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="visually-hidden">
        {spoken(spokenCheckpoint(left), t)}
      </p>
    </div>
  );
}

function spoken(checkpoint: SpokenCheckpoint, t: ReturnType<typeof useI18n>['t']): string {
  switch (checkpoint.kind) {
    case 'expired':
      return t('pix.countdown.expired');
    case 'under-a-minute':
      return t('pix.countdown.underMinute');
    case 'minutes':
      return checkpoint.minutes === 1
        ? t('pix.countdown.oneMinute')
        : t('pix.countdown.minutes', { minutes: checkpoint.minutes });
  }
}
