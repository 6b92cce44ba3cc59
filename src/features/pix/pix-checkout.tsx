import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { isGatewayError } from '../../api/is-gateway-error.ts';
import type { SessionCustomer } from '../../../contract/checkout-session.ts';
import type { PixTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { errorMessageKey } from '../../ui/error-message.ts';
import { needsSessionCheck } from '../../api/session-check.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { PixPayment } from './pix-payment.tsx';
import { PixPaymentForm } from './pix-payment-form.tsx';
import { useCreatePix } from './use-create-pix.ts';
import './pix.css';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/pix.ts';

interface Issued {
  transaction: Transaction;
  /**
   * Customer and address only (no card data): reused for "Generate a new code". Null for a code shown
   * again after a reload: the form then asks for them again.
   */
  request: PixTransactionRequest | null;
}

/** The PIX method: the form, then the code and its live status. */
interface PixCheckoutProps {
  order: OrderConfig;
  /** The PIX payment is done: the page hides the method choice, as a card result does. */
  onPaid?: () => void;
  /** A checkout session's open (or settled) PIX charge, shown again after a reload instead of the form. */
  resume?: Transaction | undefined;
  /**
   * A checkout session asks its server what happened when the gateway's answer was lost (time-out, 502,
   * 504…); without it, the form shows the error.
   */
  onCheckWithServer?: (() => void) | undefined;
  /** Shown with "payment received", e.g. the way back to the shop. */
  successAction?: ReactNode;
  /** What the shop told the session about its customer: filled and folded in the form. */
  customer?: SessionCustomer | null | undefined;
  /** Whether a code is on screen that can still be paid. */
  onOpenChange?: ((open: boolean) => void) | undefined;
}

export function PixCheckout({
  order,
  onPaid,
  resume,
  onCheckWithServer,
  successAction,
  customer,
  onOpenChange,
}: PixCheckoutProps) {
  const { t } = useI18n();
  const [issued, setIssued] = useState<Issued | null>(() =>
    resume ? { transaction: resume, request: null } : null,
  );
  const [newCodeError, setNewCodeError] = useState<string | null>(null);
  const createPix = useCreatePix();
  const formArea = useRef<HTMLDivElement>(null);

  const backToForm = () => {
    // The form must be visible again before focus can move into it.
    flushSync(() => setIssued(null));
    formArea.current?.querySelector('input')?.focus();
  };

  // A ref, not isPending: a second tap can arrive before React re-renders, and each tap is a new charge.
  const creatingNewCode = useRef(false);
  const newCode = () => {
    if (!issued || creatingNewCode.current) return;
    const { request } = issued;
    // Shown again after a reload, the shopper's details are gone: the form asks for them.
    if (!request) {
      backToForm();
      return;
    }
    creatingNewCode.current = true;
    setNewCodeError(null);
    createPix.mutate(request, {
      onSuccess: (transaction) => setIssued({ transaction, request }),
      onError: (error) => {
        if (isGatewayError(error) && needsSessionCheck(error) && onCheckWithServer) {
          onCheckWithServer();
          return;
        }
        setNewCodeError(t(errorMessageKey(isGatewayError(error) ? error.kind : 'server')));
      },
      onSettled: () => {
        creatingNewCode.current = false;
      },
    });
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
          successAction={successAction}
          onOpenChange={onOpenChange}
        />
      ) : null}
      {/* Hidden, not unmounted: "Try again" must not lose what the shopper typed. */}
      <div ref={formArea} hidden={issued !== null}>
        <PixPaymentForm
          order={order}
          onTransaction={(transaction, request) => setIssued({ transaction, request })}
          onCheckWithServer={onCheckWithServer}
          customer={customer}
        />
      </div>
    </>
  );
}
