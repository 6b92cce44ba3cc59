import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import { transactionQueryOptions } from '../../api/transaction-queries.ts';
import { outcomeOf } from '../../api/transaction-status.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { cardBrandName } from '../../lib/card-brand-name.ts';
import { lastCheckAt, processingPollDelay } from '../../lib/processing-poll.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/result.ts';

interface PaymentResultProps {
  transaction: Transaction;
  /** Offered on a decline. */
  onRetry?: () => void;
  /** Shown with an approval, e.g. the way back to the shop. */
  successAction?: ReactNode;
}

/**
 * Shows what the gateway says. While the transaction is still open it asks again ("get a transaction")
 * on the schedule of lib/processing-poll.ts; an unknown status counts as still open (DESIGN.md). Past
 * that schedule's limit it stops and says the shop will confirm the payment.
 */
export function PaymentResult({ transaction: initial, onRetry, successAction }: PaymentResultProps) {
  const { t, locale } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [shownAt] = useState(() => Date.now());
  const baseUrl = useGatewayBase();
  const query = useQuery({
    ...transactionQueryOptions(baseUrl, initial.id),
    initialData: initial,
    // initialData is fresh from the gateway; don't ask again at once unless it is still pending.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (q) =>
      q.state.data && outcomeOf(q.state.data.status) === 'pending'
        ? processingPollDelay(lastCheckAt(q.state) - shownAt)
        : false,
    retry: 3,
  });
  const transaction = query.data;
  const outcome = outcomeOf(transaction.status);
  const stoppedChecking =
    outcome === 'pending' && processingPollDelay(lastCheckAt(query) - shownAt) === false;

  // Move focus to the new screen so keyboard and screen-reader users land on the answer.
  useEffect(() => {
    heading.current?.focus();
  }, [outcome, stoppedChecking]);

  const reference = transaction.ref_id ?? String(transaction.id);
  const card = transaction.card;
  return (
    <section className={`result result--${outcome}`} aria-labelledby="result-heading">
      {outcome === 'approved' ? (
        <>
          <div className="result__icon" aria-hidden="true">
            ✓
          </div>
          <h2 id="result-heading" ref={heading} tabIndex={-1}>
            {t('result.approved.title')}
          </h2>
          <p>{t('result.approved.body', { amount: formatCents(transaction.amount, locale) })}</p>
          {card?.card_last_digits ? (
            <p>
              {t('result.approved.installments', {
                count: transaction.installments ?? 1,
                brand: cardBrandName(card.brand),
                last4: card.card_last_digits,
              })}
            </p>
          ) : null}
          {successAction}
        </>
      ) : outcome === 'declined' ? (
        <>
          <div className="result__icon" aria-hidden="true">
            !
          </div>
          <h2 id="result-heading" ref={heading} tabIndex={-1}>
            {t('result.declined.title')}
          </h2>
          <p>{t('result.declined.body')}</p>
          {onRetry ? (
            <Button type="button" onClick={onRetry}>
              {t('result.declined.retry')}
            </Button>
          ) : null}
        </>
      ) : outcome === 'refunded' ? (
        <>
          <h2 id="result-heading" ref={heading} tabIndex={-1}>
            {t('result.refunded.title')}
          </h2>
          <p>{t('result.refunded.body')}</p>
        </>
      ) : stoppedChecking ? (
        <>
          <h2 id="result-heading" ref={heading} tabIndex={-1}>
            {t('result.stopped.title')}
          </h2>
          <p>{t('result.stopped.body')}</p>
        </>
      ) : (
        <>
          <h2 id="result-heading" ref={heading} tabIndex={-1}>
            {t('result.pending.title')}
          </h2>
          <p>{t('result.pending.body')}</p>
          <Spinner label={t('result.pending.checking')} />
          {query.isRefetchError ? <p className="result__warning">{t('result.pending.error')}</p> : null}
        </>
      )}
      <p className="result__reference">{t('result.reference', { reference })}</p>
    </section>
  );
}
