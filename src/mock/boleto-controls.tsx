import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';
import type { Locale } from '../i18n/locale.ts';
import { formatCents } from '../lib/money.ts';
import { STATUS_PT, type PanelText } from './designer-panel-text.ts';
import { WaitingTransactionSelect } from './waiting-transaction-select.tsx';

/** The server's mock gateway (`npm start`): its control routes, server/mock-gateway/mock-gateway-app.ts. */
const CONTROL = '/__mock-gateway/control';
const openBoletosSchema = z.array(transactionSchema);

async function openBoletos(): Promise<Transaction[]> {
  const response = await fetch(`${CONTROL}/boletos`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`mock gateway answered ${response.status}`);
  return openBoletosSchema.parse(await response.json());
}

/**
 * Pays or expires the shopper's open boleto at the server's mock gateway, as the control page does: the
 * bank's side of paying one, or its due date passing unpaid. The checkout sees the change on its next look
 * at the boleto, as it would when the bank reports it.
 */
export function BoletoControls({ text, locale }: { text: PanelText; locale: Locale }) {
  const [open, setOpen] = useState<Transaction[]>([]);
  const [selected, setSelected] = useState('');
  const [done, setDone] = useState('');

  useEffect(() => {
    let stopped = false;
    const look = () => {
      openBoletos().then(
        (list) => {
          if (!stopped) setOpen(list);
        },
        () => {
          // The next look tries again; the panel says nothing until a button is pressed.
        },
      );
    };
    look();
    const id = window.setInterval(look, 2000);
    return () => {
      stopped = true;
      window.clearInterval(id);
    };
  }, []);

  const target = open.find((t) => String(t.id) === selected) ?? open[0];
  const act = async (what: 'pay' | 'expire') => {
    if (!target) return;
    try {
      const response = await fetch(`${CONTROL}/boleto/${target.id}/${what}`, { method: 'POST' });
      if (!response.ok) throw new Error(`mock gateway answered ${response.status}`);
      const moved = transactionSchema.parse(await response.json());
      const status = locale === 'en' ? moved.status : (STATUS_PT[moved.status] ?? moved.status);
      setDone(text.boletoNow.replace('{id}', String(moved.id)).replace('{status}', status));
      setOpen(await openBoletos());
    } catch {
      setDone(text.boletoFailed);
    }
  };

  return (
    <div className="mock-panel__pix">
      <p>{text.boletoWaiting}</p>
      <WaitingTransactionSelect
        open={open}
        target={target}
        onSelect={setSelected}
        label={text.boletoCode}
        none={text.boletoNone}
        describe={(t) =>
          `#${t.id} · ${formatCents(t.amount, locale)} · ${text.boletoDue} ${t.boleto_expiration_date ?? ''}`
        }
      />
      <div className="mock-panel__actions">
        <button type="button" disabled={!target} onClick={() => void act('pay')}>
          {text.boletoPay}
        </button>
        <button type="button" disabled={!target} onClick={() => void act('expire')}>
          {text.boletoExpire}
        </button>
      </div>
      <p role="status" className="mock-panel__status">
        {done}
      </p>
    </div>
  );
}
