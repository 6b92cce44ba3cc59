import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HOLDER_NAME_SCENARIOS, TEST_CARDS } from './scenarios.ts';
import { loadSettings, resetMock, saveSettings, type MockSettings } from './store.ts';
import './designer-panel.css';

function spaced(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
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
