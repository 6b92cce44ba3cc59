// Its words about an unknown outcome are shared with the forms and load with it.
import '../../i18n/catalogues/form-errors.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PublicSession } from '../../../contract/checkout-session.ts';
import { getPublicSession } from '../../api/public-session.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { cancelHref } from '../../lib/shop-links.ts';
import { resumeOf, type Resume } from '../../payment/session-resume.ts';
import { Button } from '../../ui/button.tsx';
import { ResultScreen } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { knownLinkRefusal, LinkRefusalScreen } from './link-refusal.tsx';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/session.ts';

interface OutcomeCheckProps {
  sessionId: string;
  /**
   * Ask at once: a payment's answer was just lost. False when the page was loaded with an attempt the
   * server itself could not settle — that answer is seconds old, so wait for "Check again".
   */
  checkNow: boolean;
  /** The server knows more: a result, an open PIX code, or that nothing was charged. */
  onResolved: (session: PublicSession, resume: Resume) => void;
}

/**
 * When a payment's outcome is unknown (time-out, 502/504, an unreadable answer) the shopper must not
 * guess: the page asks the checkout server, which asks the gateway, and shows what it learns. Until
 * someone knows, it says the payment may have gone through and offers to check again. There is no "pay
 * again" here: the server refuses a new attempt while one is unknown, and itself calls an attempt safe
 * to retry once it has looked for it and found nothing (then the form comes back, saying so).
 */
export function OutcomeCheck({ sessionId, checkNow, onResolved }: OutcomeCheckProps) {
  const { t } = useI18n();
  // Each "Check again" is a new round, so an answer is never served from the cache.
  const [round, setRound] = useState(checkNow ? 1 : 0);
  const query = useQuery({
    queryKey: ['checkout-session', sessionId, 'outcome', round] as const,
    queryFn: ({ signal }) => getPublicSession(sessionId, signal),
    enabled: round > 0,
    retry: 1,
    gcTime: 0,
  });
  const resume = query.data ? resumeOf(query.data) : undefined;
  // Nothing under way, but the session's payment link takes no payment now: not "you can pay now", but
  // why (docs/decisions/287-link-closed-under-the-checkout.md). A payment under way is shown as ever.
  const refusal = resume?.kind === 'form' ? knownLinkRefusal(query.data?.payment_link_refusal) : undefined;
  const known = resume && resume.kind !== 'unknown' && refusal === undefined ? resume : undefined;

  useEffect(() => {
    if (query.data && known) onResolved(query.data, known);
  }, [query.data, known, onResolved]);

  const checking = query.isFetching || known !== undefined;
  if (checking) {
    return (
      <ResultScreen
        headingId="outcome-heading"
        title={t('session.checking.title')}
        tone="pending"
        focusKey="checking"
      >
        <p>{t('session.checking.body')}</p>
        <Spinner label={t('session.checking.title')} />
      </ResultScreen>
    );
  }
  if (refusal) {
    return (
      <LinkRefusalScreen
        refusal={refusal}
        linkHref={cancelHref(query.data?.cancel_url)}
        onCheckAgain={() => setRound((n) => n + 1)}
      />
    );
  }
  return (
    <ResultScreen
      headingId="outcome-heading"
      title={t('session.unknown.title')}
      tone="pending"
      icon="?"
      focusKey="unknown"
    >
      <p>{t('card.unknownOutcome')}</p>
      {round > 0 ? <p className="result__warning">{t('session.unknown.stillUnknown')}</p> : null}
      <Button type="button" onClick={() => setRound((n) => n + 1)}>
        {t('session.unknown.check')}
      </Button>
    </ResultScreen>
  );
}
