import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { expirePixNow, setTransactionStatus, waitingPixTransactions } from '../../mock-core/gateway.ts';
import { HOLDER_NAME_SCENARIOS, TEST_CARDS } from '../../mock-core/scenarios.ts';
import {
  loadSettings,
  mockGatewayNow,
  resetMock,
  saveSettings,
  type MockSettings,
} from '../../mock-core/store.ts';
import './designer-panel.css';

function spaced(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Moves the shopper's open PIX codes by hand: the checkout sees the change on its next status poll,
 * as it would when the shopper's bank pays or the gateway expires the code.
 */
function PixControls() {
  const [open, setOpen] = useState<Transaction[]>(() => waitingPixTransactions(mockGatewayNow()));
  const [selected, setSelected] = useState('');
  const [done, setDone] = useState('');

  // The checkout creates codes in the same page; a cheap look at the store keeps the list current.
  useEffect(() => {
    const id = window.setInterval(() => setOpen(waitingPixTransactions(mockGatewayNow())), 1000);
    return () => window.clearInterval(id);
  }, []);

  const target = open.find((t) => String(t.id) === selected) ?? open[0];
  const act = (what: 'paid' | 'refused' | 'expire') => {
    if (!target) return;
    const id = String(target.id);
    const changed =
      what === 'expire'
        ? expirePixNow(id, mockGatewayNow())
        : setTransactionStatus(id, what, mockGatewayNow());
    if (changed) setDone(`PIX #${id} is now ${changed.status}.`);
    setOpen(waitingPixTransactions(mockGatewayNow()));
  };

  return (
    <div className="mock-panel__pix">
      <p>PIX codes waiting for payment:</p>
      {target ? (
        <label className="mock-panel__field">
          Code
          <select value={String(target.id)} onChange={(event) => setSelected(event.target.value)}>
            {open.map((t) => (
              <option key={t.id} value={String(t.id)}>
                #{t.id} · R$ {(t.amount / 100).toFixed(2)} · until {t.pix_expiration_date}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p>None yet: choose PIX in the checkout and generate a code.</p>
      )}
      <div className="mock-panel__actions">
        <button type="button" disabled={!target} onClick={() => act('paid')}>
          Simulate payment
        </button>
        <button type="button" disabled={!target} onClick={() => act('refused')}>
          Refuse
        </button>
        <button type="button" disabled={!target} onClick={() => act('expire')}>
          Expire now
        </button>
      </div>
      <p role="status" className="mock-panel__status">
        {done}
      </p>
    </div>
  );
}

/** Lets designers see and switch scenarios without reading code. Only in `--mode mock` builds. */
function DesignerPanel() {
  const [settings, setSettings] = useState<MockSettings>(loadSettings);
  const [copied, setCopied] = useState<string | null>(null);

  const update = (patch: Partial<MockSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    saveSettings(next);
  };

  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    setCopied(text);
  };

  return (
    <aside className="mock-panel" aria-label="Mock gateway">
      <details>
        <summary>Mock gateway · test cards</summary>
        <div className="mock-panel__body">
          <p>Any name, a future expiry and any CVV work. The card number picks the outcome:</p>
          <table>
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col">Outcome</th>
                <th scope="col">
                  <span className="mock-panel__sr">Copy</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {TEST_CARDS.map((card) => (
                <tr key={card.number}>
                  <td>
                    <code>{spaced(card.number)}</code> <small>{card.brand}</small>
                  </td>
                  <td>{card.description}</td>
                  <td>
                    <button type="button" onClick={() => void copy(card.number)}>
                      Copy <span className="mock-panel__sr">{spaced(card.number)}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Holder names that break the transport:</p>
          <ul>
            {Object.entries(HOLDER_NAME_SCENARIOS).map(([name, what]) => (
              <li key={name}>
                <code>{name}</code>: {what}
              </li>
            ))}
          </ul>
          <p role="status" className="mock-panel__status">
            {copied ? `Copied ${spaced(copied)}` : ''}
          </p>
          <label className="mock-panel__field">
            Latency (ms)
            <input
              type="number"
              min={0}
              max={10000}
              step={100}
              value={settings.latencyMs}
              onChange={(event) => update({ latencyMs: Math.max(0, Number(event.target.value) || 0) })}
            />
          </label>
          <label className="mock-panel__field">
            PIX validity (minutes)
            <input
              type="number"
              min={1}
              max={1440}
              value={settings.pixExpiryMinutes}
              onChange={(event) => update({ pixExpiryMinutes: Math.max(1, Number(event.target.value) || 1) })}
            />
          </label>
          <label className="mock-panel__field">
            Device clock ahead of the gateway (minutes)
            <input
              type="number"
              min={-1440}
              max={1440}
              value={settings.deviceClockAheadMinutes}
              onChange={(event) =>
                update({ deviceClockAheadMinutes: Math.trunc(Number(event.target.value) || 0) })
              }
            />
          </label>
          <PixControls />
          <button type="button" onClick={() => resetMock()}>
            Forget mock transactions
          </button>
        </div>
      </details>
    </aside>
  );
}

export function mountDesignerPanel(): void {
  const host = document.createElement('div');
  host.id = 'mock-designer-panel';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <DesignerPanel />
    </StrictMode>,
  );
}
