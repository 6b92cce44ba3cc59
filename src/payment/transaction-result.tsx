import type { ReactNode } from 'react';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { outcomeOf } from '../lib/transaction-status.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { cardBrandName } from '../lib/card-brand-name.ts';
import { formatCents } from '../lib/money.ts';
import { ResultScreen } from '../ui/result-screen.tsx';
import { Spinner } from '../ui/spinner.tsx';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/result.ts';

interface TransactionResultProps {
  transaction: Transaction;
  /** Still open, and past the polling limit (src/payment/use-transaction-status.ts). */
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
  const screen = (key: Parameters<typeof t>[0], icon: string | undefined, content: ReactNode) => (
    <ResultScreen
      headingId="result-heading"
      title={t(key)}
      tone={outcome}
      icon={icon}
      level={standalone ? 'h1' : 'h2'}
      // Focus moves to the new screen so keyboard and screen-reader users land on the answer.
      focusKey={`${outcome}:${String(stoppedChecking)}`}
      className={standalone ? 'card-panel' : undefined}
    >
      {content}
      <p className="result__reference">
        {t('result.reference', { reference: transaction.ref_id ?? String(transaction.id) })}
      </p>
    </ResultScreen>
  );
  const card = transaction.card;
  if (outcome === 'approved') {
    return screen(
      'result.approved.title',
      '✓',
      <>
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
      </>,
    );
  }
  if (outcome === 'declined') {
    // Cancelled at the bank is the shopper's own choice, not the bank's refusal: say which.
    const canceled = transaction.status === 'canceled';
    return screen(
      canceled ? 'result.canceled.title' : 'result.declined.title',
      '!',
      <>
        <p>{t(canceled ? 'result.canceled.body' : 'result.declined.body')}</p>
        {declinedAction}
      </>,
    );
  }
  if (outcome === 'refunded') {
    return screen('result.refunded.title', undefined, <p>{t('result.refunded.body')}</p>);
  }
  if (stoppedChecking) {
    return screen('result.stopped.title', undefined, <p>{t('result.stopped.body')}</p>);
  }
  // No way back to the form while the payment is open: it would invite a second payment.
  return screen(
    'result.pending.title',
    undefined,
    <>
      <p>{t('result.pending.body')}</p>
      <Spinner label={t('result.pending.checking')} />
      {checkFailed ? <p className="result__warning">{t('result.pending.error')}</p> : null}
    </>,
  );
}
