import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isGatewayError } from '../../api/gateway-error.ts';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { PixPayment } from './pix-payment.tsx';
import { PixPaymentForm } from './pix-payment-form.tsx';
import { useCreatePix } from './use-create-pix.ts';
import './pix.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/pix.ts';

interface Issued {
  transaction: Transaction;
  /** Customer and address only (no card data): reused for "Generate a new code". */
  request: PixTransactionRequest;
}

/** The PIX method: the form, then the code and its live status. */
interface PixCheckoutProps {
  order: OrderConfig;
  /** The PIX payment is done: the page hides the method choice, as a card result does. */
  onPaid?: () => void;
}

export function PixCheckout({ order, onPaid }: PixCheckoutProps) {
  const { t } = useI18n();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [newCodeError, setNewCodeError] = useState<string | null>(null);
  const createPix = useCreatePix();
  const formArea = useRef<HTMLDivElement>(null);

  // A ref, not isPending: a second tap can arrive before React re-renders, and each tap is a new charge.
  const creatingNewCode = useRef(false);
  const newCode = () => {
    if (!issued || creatingNewCode.current) return;
    creatingNewCode.current = true;
    setNewCodeError(null);
    createPix.mutate(issued.request, {
      onSuccess: (transaction) => setIssued({ transaction, request: issued.request }),
      onError: (error) => {
        setNewCodeError(t(errorMessageKey(isGatewayError(error) ? error.kind : 'server')));
      },
      onSettled: () => {
        creatingNewCode.current = false;
      },
    });
  };

  const backToForm = () => {
    // The form must be visible again before focus can move into it.
    flushSync(() => setIssued(null));
    formArea.current?.querySelector('input')?.focus();
  };

  return (
    <>
      {issued ? (
        <PixPayment
          key={issued.transaction.id}
          transaction={issued.transaction}
          onNewCode={newCode}
          onRetry={backToForm}
          newCodeBusy={createPix.isPending}
          newCodeError={newCodeError}
          onPaid={onPaid}
        />
      ) : null}
      {/* Hidden, not unmounted: "Try again" must not lose what the shopper typed. */}
      <div ref={formArea} hidden={issued !== null}>
        <PixPaymentForm
          order={order}
          onTransaction={(transaction, request) => setIssued({ transaction, request })}
        />
      </div>
    </>
  );
}
