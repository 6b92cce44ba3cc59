import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';
import './session-screens.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/session.ts';

export type SessionEndReason = 'expired' | 'invalid' | 'paid' | 'saved';

const WORDS = {
  expired: { title: 'session.expired.title', body: 'session.expired.body' },
  invalid: { title: 'session.invalid.title', body: 'session.invalid.body' },
  paid: { title: 'session.paid.title', body: 'session.paid.body' },
  saved: { title: 'session.saved.title', body: 'session.saved.body' },
} as const;

interface SessionEndedProps {
  reason: SessionEndReason;
  /** The shop's page to go back to, already checked (src/lib/shop-links.ts). */
  shopHref?: string | undefined;
}

/**
 * A payment link that cannot take a payment: expired (the shop must make a new one), not a link we
 * made, or already paid. Said plainly, with the way back to the shop when the session names one.
 */
export function SessionEnded({ reason, shopHref }: SessionEndedProps) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [reason]);
  return (
    <section className="config-error session-ended" aria-labelledby="session-ended-heading">
      <h1 id="session-ended-heading" ref={heading} tabIndex={-1}>
        {t(WORDS[reason].title)}
      </h1>
      <p>{t(WORDS[reason].body)}</p>
      {shopHref ? (
        <p>
          <a className="button button--secondary" href={shopHref}>
            {t('checkout.backToShop')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** The session could not be read (network, server error): nothing was charged; try again. */
export function SessionLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <section className="config-error" aria-labelledby="session-error-heading">
      <h1 id="session-error-heading">{t('session.loadError.title')}</h1>
      <p role="alert">{t('session.loadError.body')}</p>
      <Button type="button" onClick={onRetry}>
        {t('session.loadError.retry')}
      </Button>
    </section>
  );
}
