import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isGatewayError } from '../../api/gateway-error.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { transactionQueryOptions } from '../../api/transaction-queries.ts';
import { outcomeOf } from '../../api/transaction-status.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { lookUpReturn } from './reference-store.ts';
import { isReturnReference } from './return-reference.ts';
import { checkoutHref } from './return-url.ts';
import './three-ds.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/result.ts';
import '../../i18n/catalogues/three-ds.ts';
import { cardBrandName } from '../../lib/card-brand-name.ts';
import { lastCheckAt, processingPollDelay } from '../../lib/processing-poll.ts';

function Screen({
  tone,
  title,
  focusKey,
  children,
}: {
  tone: string;
  title: string;
  /** Focus moves to the heading whenever this changes: a new screen for keyboard and screen-reader users. */
  focusKey: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [focusKey]);
  return (
    <section
      className={`card-panel result result--${tone} three-ds`}
      aria-labelledby="three-ds-return-heading"
    >
      <h1 id="three-ds-return-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function ReturnResult({ transactionId, back }: { transactionId: number; back: Back }) {
  const { t, locale } = useI18n();
  const [shownAt] = useState(() => Date.now());
  const baseUrl = useGatewayBase();
  const query = useQuery({
    ...transactionQueryOptions(baseUrl, transactionId),
    // The URL proves nothing: the answer always comes from the gateway, and is re-asked while open
    // (on the card result's schedule, up to its limit).
    refetchInterval: (q) =>
      q.state.data && outcomeOf(q.state.data.status) === 'pending'
        ? processingPollDelay(lastCheckAt(q.state) - shownAt)
        : false,
    retry: (count, error) => !(isGatewayError(error) && error.kind === 'not-found') && count < 2,
  });

  if (query.isPending) {
    return (
      <Screen tone="pending" title={t('threeDS.return.checkingTitle')} focusKey="checking">
        <Spinner label={t('threeDS.return.checking')} />
      </Screen>
    );
  }
  // A failed re-check keeps the last answer on screen (below); only a first failure has nothing to show.
  if (query.isLoadingError) {
    if (isGatewayError(query.error) && query.error.kind === 'not-found') return <UnknownReturn back={back} />;
    return (
      <Screen tone="declined" title={t('threeDS.return.errorTitle')} focusKey="error">
        <p role="alert">{t('threeDS.return.errorBody')}</p>
        <Button type="button" onClick={() => void query.refetch()}>
          {t('threeDS.return.retry')}
        </Button>
      </Screen>
    );
  }

  const transaction = query.data;
  const outcome = outcomeOf(transaction.status);
  const reference = (
    <p className="result__reference">
      {t('result.reference', { reference: transaction.ref_id ?? String(transaction.id) })}
    </p>
  );
  switch (outcome) {
    case 'approved':
      return (
        <Screen tone="approved" title={t('result.approved.title')} focusKey={outcome}>
          <p>{t('result.approved.body', { amount: formatCents(transaction.amount, locale) })}</p>
          {transaction.card?.card_last_digits ? (
            <p>
              {t('result.approved.installments', {
                count: transaction.installments ?? 1,
                brand: cardBrandName(transaction.card.brand),
                last4: transaction.card.card_last_digits,
              })}
            </p>
          ) : null}
          {reference}
        </Screen>
      );
    case 'declined':
      return (
        <Screen tone="declined" title={t('result.declined.title')} focusKey={outcome}>
          <p>{t('result.declined.body')}</p>
          <p>
            <BackLink back={back} primary>
              {t('threeDS.return.tryAgain')}
            </BackLink>
          </p>
          {reference}
        </Screen>
      );
    case 'refunded':
      return (
        <Screen tone="refunded" title={t('result.refunded.title')} focusKey={outcome}>
          <p>{t('result.refunded.body')}</p>
          {reference}
        </Screen>
      );
    default:
      if (processingPollDelay(lastCheckAt(query) - shownAt) === false) {
        return (
          <Screen tone="pending" title={t('result.stopped.title')} focusKey="stopped">
            <p>{t('result.stopped.body')}</p>
            {reference}
          </Screen>
        );
      }
      return (
        <Screen tone="pending" title={t('result.pending.title')} focusKey="pending">
          <p>{t('result.pending.body')}</p>
          <Spinner label={t('result.pending.checking')} />
          {query.isRefetchError ? <p className="result__warning">{t('result.pending.error')}</p> : null}
          {reference}
          {/* No way back to the checkout while the bank's answer is open: it would invite a second payment. */}
        </Screen>
      );
  }
}

function UnknownReturn({ back }: { back: Back }) {
  const { t } = useI18n();
  return (
    <Screen tone="declined" title={t('threeDS.return.unknownTitle')} focusKey="unknown">
      <p>{t('threeDS.return.unknownBody')}</p>
      <p>
        <BackLink back={back} primary>
          {t('threeDS.return.backToCheckout')}
        </BackLink>
      </p>
    </Screen>
  );
}

type Back = { href: string } | { onBack: () => void };

function BackLink({
  back,
  primary = false,
  children,
}: {
  back: Back;
  primary?: boolean;
  children: ReactNode;
}) {
  const className = primary ? 'button button--primary' : undefined;
  if ('href' in back) {
    return (
      <a className={className} href={back.href}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className ?? 'button button--link'} onClick={back.onBack}>
      {children}
    </button>
  );
}

/**
 * Where the bank sends the shopper back (`urlSuccess` and `urlFail` alike). The reference in the URL
 * is looked up in this tab's session; the status shown is whatever the gateway says about it.
 */
export function ThreeDSReturnPage({ search, onBack }: { search: URLSearchParams; onBack?: () => void }) {
  const { locale } = useI18n();
  const reference = search.get('ref');
  const transactionId = useMemo(
    () => (isReturnReference(reference) ? lookUpReturn(reference) : undefined),
    [reference],
  );
  // Embedded, "back" re-opens the checkout inside the merchant's page instead of following a link.
  const back: Back = onBack ? { onBack } : { href: checkoutHref(search, locale) };
  if (transactionId === undefined) return <UnknownReturn back={back} />;
  return <ReturnResult key={transactionId} transactionId={transactionId} back={back} />;
}
