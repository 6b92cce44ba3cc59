import type { ReactNode } from 'react';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Button } from '../../ui/button.tsx';
import { TransactionResult } from '../../payment/transaction-result.tsx';
import { useTransactionStatus } from '../../payment/use-transaction-status.ts';

interface PaymentResultProps {
  transaction: Transaction;
  /** Offered on a decline. */
  onRetry?: () => void;
  /** Shown with an approval, e.g. the way back to the shop. */
  successAction?: ReactNode;
}

/** The checkout's answer to a card payment, re-asked while it is open (src/payment/use-transaction-status.ts). */
export function PaymentResult({ transaction: initial, onRetry, successAction }: PaymentResultProps) {
  const { t } = useI18n();
  const { query, stoppedChecking } = useTransactionStatus(initial.id, { initial, retry: 3 });
  const transaction = query.data ?? initial;
  return (
    <TransactionResult
      transaction={transaction}
      stoppedChecking={stoppedChecking}
      checkFailed={query.isRefetchError}
      successAction={successAction}
      declinedAction={
        onRetry ? (
          <Button type="button" onClick={onRetry}>
            {t(transaction.status === 'canceled' ? 'result.canceled.retry' : 'result.declined.retry')}
          </Button>
        ) : null
      }
    />
  );
}
