import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { boletoResultSchema, type BoletoResult } from '../../../contract/boleto/boleto-model.ts';
import type { SessionCustomer } from '../../../contract/checkout-session.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { readBoleto } from './boleto-api.ts';
import { BoletoDetails } from './boleto-details.tsx';
import { BoletoForm } from './boleto-form.tsx';
import { BoletoOpenNotice } from './boleto-open-notice.tsx';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/boleto.ts';
import '../../i18n/catalogues/result.ts';

/**
 * A boleto is paid in days: the page looks again now and then while it is open (the server throttles and
 * the gateway's webhook is the real news), so a shopper who paid from the same phone sees it.
 */
const LOOK_AGAIN_MS = 20_000;

interface BoletoCheckoutProps {
  order: OrderConfig;
  /** The session's boleto (checked here), shown again after a reload or Back instead of the form. */
  resume?: Record<string, unknown> | undefined;
  customer?: SessionCustomer | null | undefined;
  onCheckWithServer?: (() => void) | undefined;
  successAction?: ReactNode;
  /** Paid: the page hides the method choice, as a card result does. */
  onPaid?: () => void;
}

/** The boleto method: the payer's form, then the boleto and where it stands. */
export function BoletoCheckout({
  order,
  resume,
  customer,
  onCheckWithServer,
  successAction,
  onPaid,
}: BoletoCheckoutProps) {
  const baseUrl = useGatewayBase();
  const [boleto, setBoleto] = useState<BoletoResult | undefined>(() => {
    const parsed = boletoResultSchema.safeParse(resume);
    return parsed.success ? parsed.data : undefined;
  });
  const formArea = useRef<HTMLDivElement>(null);
  const open = boleto?.state === 'waiting_payment';
  const transactionId = boleto?.transaction_id;

  useEffect(() => {
    if (!open || transactionId === undefined) return undefined;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      readBoleto(baseUrl, transactionId, controller.signal).then(setBoleto, () => {
        // A failed look is tried again at the next tick; the boleto on screen stays valid meanwhile.
      });
    }, LOOK_AGAIN_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [open, transactionId, baseUrl]);

  const paid = boleto?.state === 'paid';
  useEffect(() => {
    if (paid) onPaid?.();
  }, [paid, onPaid]);

  const newBoleto = () => {
    flushSync(() => setBoleto(undefined));
    formArea.current?.querySelector('input')?.focus();
  };

  return (
    <>
      {open ? <BoletoOpenNotice dueDate={boleto.due_date} /> : null}
      {boleto ? (
        <BoletoDetails boleto={boleto} onNewBoleto={newBoleto} successAction={successAction} />
      ) : null}
      {/* Hidden, not unmounted: a new boleto after an expired one keeps what was typed. */}
      <div ref={formArea} hidden={boleto !== undefined}>
        <BoletoForm
          order={order}
          customer={customer}
          onIssued={setBoleto}
          onCheckWithServer={onCheckWithServer}
        />
      </div>
    </>
  );
}
