import { useEffect, useRef, type ReactNode } from 'react';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { outcomeOf } from '../lib/transaction-status.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { cardBrandName } from '../lib/card-brand-name.ts';
import { formatCents } from '../lib/money.ts';
import { Spinner } from './spinner.tsx';
import './result.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/result.ts';

interface TransactionResultProps {
  transaction: Transaction;
  /** Still open, and past the polling limit (src/ui/use-transaction-status.ts). */
  stoppedChecking: boolean;
  /** The last re-check failed: the answer shown may be stale. */
  checkFailed: boolean;
  /** A page of its own (the bank's return) has the h1; within the checkout page it is an h2. */
  standalone?: boolean;
  /** Offered with a decline, e.g. "try another card". */
  declinedAction?: ReactNode;
  /** Shown with an approval, e.g. the way back to the shop. */
  successAction?: ReactNode;
}

/**
 * What the gateway says about a card payment: approved, declined, refunded, still processing, or no
 * longer checked. The checkout page and the 3DS return page show this same screen.
 */
export function TransactionResult({
  transaction,
  stoppedChecking,
  checkFailed,
  standalone = false,
  declinedAction,
  successAction,
}: TransactionResultProps) {
  const { t, locale } = useI18n();
  const outcome = outcomeOf(transaction.status);
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the new screen so keyboard and screen-reader users land on the answer.
  useEffect(() => {
    heading.current?.focus();
  }, [outcome, stoppedChecking]);

  const Heading = standalone ? 'h1' : 'h2';
  const title = (key: Parameters<typeof t>[0]) => (
    <Heading id="result-heading" ref={heading} tabIndex={-1}>
      {t(key)}
    </Heading>
  );
  const icon = (symbol: string) => (
    <div className="result__icon" aria-hidden="true">
      {symbol}
    </div>
  );
  const card = transaction.card;
  return (
    <section
      className={`result result--${outcome}${standalone ? ' card-panel' : ''}`}
      aria-labelledby="result-heading"
    >
      {outcome === 'approved' ? (
        <>
          {icon('✓')}
          {title('result.approved.title')}
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
          {icon('!')}
          {/* Cancelled at the bank is the shopper's own choice, not the bank's refusal: say which. */}
          {transaction.status === 'canceled' ? (
            <>
              {title('result.canceled.title')}
              <p>{t('result.canceled.body')}</p>
            </>
          ) : (
            <>
              {title('result.declined.title')}
              <p>{t('result.declined.body')}</p>
            </>
          )}
          {declinedAction}
        </>
      ) : outcome === 'refunded' ? (
        <>
          {title('result.refunded.title')}
          <p>{t('result.refunded.body')}</p>
        </>
      ) : stoppedChecking ? (
        <>
          {title('result.stopped.title')}
          <p>{t('result.stopped.body')}</p>
        </>
      ) : (
        // No way back to the form while the payment is open: it would invite a second payment.
        <>
          {title('result.pending.title')}
          <p>{t('result.pending.body')}</p>
          <Spinner label={t('result.pending.checking')} />
          {checkFailed ? <p className="result__warning">{t('result.pending.error')}</p> : null}
        </>
      )}
      <p className="result__reference">
        {t('result.reference', { reference: transaction.ref_id ?? String(transaction.id) })}
      </p>
    </section>
  );
}
