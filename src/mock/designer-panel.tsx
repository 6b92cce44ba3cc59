import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { DESIGNER_SCENARIOS } from '../../mock-core/designer-scenarios.ts';
import { expirePixNow, setTransactionStatus, waitingPixTransactions } from '../../mock-core/gateway.ts';
import { HOLDER_NAME_SCENARIOS, TEST_CARDS } from '../../mock-core/scenarios.ts';
import {
  loadSettings,
  MAX_GATEWAY_DAYS_AHEAD,
  mockGatewayNow,
  resetMock,
  saveSettings,
  type MockSettings,
} from '../../mock-core/store.ts';
import { isLocale, type Locale } from '../i18n/locale.ts';
import { appHref } from '../lib/app-path.ts';
import { formatCents } from '../lib/money.ts';
import {
  CARD_OUTCOME_PT,
  HOLDER_NAME_PT,
  PANEL_TEXT,
  SCENARIO_TITLE_PT,
  STATUS_PT,
  type PanelText,
} from './designer-panel-text.ts';
import { BoletoControls } from './boleto-controls.tsx';
import { fillVisibleForm } from './fill-form.ts';
import { SCENARIO_PARAM } from './run-scenario.ts';
import './designer-panel.css';
import { WaitingTransactionSelect } from './waiting-transaction-select.tsx';

/** The static preview has the mock in the page; under `npm start` the gateway is the server's. */
const IN_PAGE_MOCK = import.meta.env.MODE === 'mock';

/** `npm start`'s server opens these (server/mock-gateway/boleto-scenarios.ts): a boleto issued, then moved. */
const BOLETO_SCENARIO_LINKS = [
  ['boleto-open', 'boletoOpen'],
  ['boleto-paid', 'boletoPaid'],
  ['boleto-expired', 'boletoExpired'],
] as const;

function spaced(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The app sets `<html lang>` from `?lang=`, the session or the browser: the panel follows it. */
function usePageLocale(): Locale {
  const read = (): Locale => {
    const lang = document.documentElement.lang;
    return isLocale(lang) ? lang : 'pt-BR';
  };
  const [locale, setLocale] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setLocale(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return locale;
}

/** A scenario link keeps the page's language; `npm start`'s server turns `/?scenario=` into a session. */
function scenarioHref(id: string, locale: Locale): string {
  const query = new URLSearchParams({ [SCENARIO_PARAM]: id, lang: locale });
  return appHref(`/?${query.toString()}`);
}

/**
 * Moves the shopper's open PIX codes by hand: the checkout sees the change on its next status poll,
 * as it would when the shopper's bank pays or the gateway expires the code.
 */
function PixControls({ text, locale }: { text: PanelText; locale: Locale }) {
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
    if (changed) {
      const status = locale === 'en' ? changed.status : (STATUS_PT[changed.status] ?? changed.status);
      setDone(text.pixNow.replace('{id}', id).replace('{status}', status));
    }
    setOpen(waitingPixTransactions(mockGatewayNow()));
  };

  return (
    <div className="mock-panel__pix">
      <p>{text.pixWaiting}</p>
      <WaitingTransactionSelect
        open={open}
        target={target}
        onSelect={setSelected}
        label={text.pixCode}
        none={text.pixNone}
        describe={(t) =>
          `#${t.id} · ${formatCents(t.amount, locale)} · ${text.pixUntil} ${t.pix_expiration_date ?? ''}`
        }
      />
      <div className="mock-panel__actions">
        <button type="button" disabled={!target} onClick={() => act('paid')}>
          {text.pixPay}
        </button>
        <button type="button" disabled={!target} onClick={() => act('refused')}>
          {text.pixRefuse}
        </button>
        <button type="button" disabled={!target} onClick={() => act('expire')}>
          {text.pixExpire}
        </button>
      </div>
      <p role="status" className="mock-panel__status">
        {done}
      </p>
    </div>
  );
}

/** Latency, PIX validity and the device clock of the in-page mock (the static preview only). */
function MockSettingsFields({ text }: { text: PanelText }) {
  const [settings, setSettings] = useState<MockSettings>(loadSettings);
  const update = (patch: Partial<MockSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    saveSettings(next);
  };
  return (
    <>
      <label className="mock-panel__field">
        {text.latency}
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
        {text.pixValidity}
        <input
          type="number"
          min={1}
          max={1440}
          value={settings.pixExpiryMinutes}
          onChange={(event) => update({ pixExpiryMinutes: Math.max(1, Number(event.target.value) || 1) })}
        />
      </label>
      <label className="mock-panel__field">
        {text.clockAhead}
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
      <label className="mock-panel__field">
        {text.daysAhead}
        <input
          type="number"
          min={0}
          max={MAX_GATEWAY_DAYS_AHEAD}
          step={30}
          value={settings.gatewayDaysAhead}
          onChange={(event) =>
            update({
              gatewayDaysAhead: Math.min(
                MAX_GATEWAY_DAYS_AHEAD,
                Math.max(0, Math.trunc(Number(event.target.value) || 0)),
              ),
            })
          }
        />
      </label>
    </>
  );
}

/** Lets designers open any state and switch scenarios without reading code. Never in production builds. */
function DesignerPanel({ onHide }: { onHide: () => void }) {
  const locale = usePageLocale();
  const text = PANEL_TEXT[locale];
  const en = locale === 'en';
  const [status, setStatus] = useState('');

  const copy = async (number: string) => {
    await navigator.clipboard.writeText(number);
    setStatus(`${text.copied} ${spaced(number)}`);
  };

  return (
    <aside className="mock-panel" aria-label={text.label} lang={locale}>
      <details>
        <summary>{text.summary}</summary>
        <div className="mock-panel__body">
          <div className="mock-panel__actions">
            <button type="button" onClick={() => setStatus(fillVisibleForm() ? text.filled : text.noForm)}>
              {text.fill}
            </button>
            <button type="button" onClick={onHide} title={text.hideHint}>
              {text.hide}
            </button>
          </div>
          <p role="status" className="mock-panel__status">
            {status}
          </p>
          <p>{text.scenarios}</p>
          <ul className="mock-panel__scenarios">
            {DESIGNER_SCENARIOS.map((scenario) => (
              <li key={scenario.id}>
                <a href={scenarioHref(scenario.id, locale)}>
                  {en ? scenario.title : (SCENARIO_TITLE_PT[scenario.id] ?? scenario.title)}
                </a>
              </li>
            ))}
          </ul>
          <p>{text.boletoScenarios}</p>
          {IN_PAGE_MOCK ? (
            // The static preview has no checkout server, and a boleto is issued by the server's adapter.
            <p>{text.boletoNeedsServer}</p>
          ) : (
            <ul className="mock-panel__scenarios">
              {BOLETO_SCENARIO_LINKS.map(([id, title]) => (
                <li key={id}>
                  <a href={scenarioHref(id, locale)}>{text[title]}</a>
                </li>
              ))}
            </ul>
          )}
          {/* The shopper's header has no merchant tools (issue 13): designers reach the simulator here. */}
          <p>
            <a href={appHref(`/simulator?${new URLSearchParams({ lang: locale }).toString()}`)}>
              {text.simulator}
            </a>
          </p>
          <p>{text.cardsIntro}</p>
          <table>
            <thead>
              <tr>
                <th scope="col">{text.card}</th>
                <th scope="col">{text.outcome}</th>
                <th scope="col">
                  <span className="mock-panel__sr">{text.copy}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {TEST_CARDS.map((card) => (
                <tr key={card.number}>
                  <td>
                    <code>{spaced(card.number)}</code> <small>{card.brand}</small>
                  </td>
                  <td>{en ? card.description : CARD_OUTCOME_PT[card.scenario]}</td>
                  <td>
                    <button type="button" onClick={() => void copy(card.number)}>
                      {text.copy} <span className="mock-panel__sr">{spaced(card.number)}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{text.holderNames}</p>
          <ul>
            {Object.entries(HOLDER_NAME_SCENARIOS).map(([name, what]) => (
              <li key={name}>
                <code>{name}</code>: {en ? what : HOLDER_NAME_PT[name as keyof typeof HOLDER_NAME_PT]}
              </li>
            ))}
          </ul>
          {IN_PAGE_MOCK ? (
            <>
              <MockSettingsFields text={text} />
              <PixControls text={text} locale={locale} />
              <button type="button" onClick={() => resetMock()}>
                {text.forget}
              </button>
            </>
          ) : (
            // Under `npm start` the gateway is the server's: its webhooks and PIX payments are worked
            // from the mock gateway's own control page; boletos from here too.
            <>
              <p>
                <a href="/__mock-gateway/control/" target="_blank" rel="noopener">
                  {text.serverControls}
                </a>
              </p>
              <BoletoControls text={text} locale={locale} />
            </>
          )}
        </div>
      </details>
    </aside>
  );
}

/** `?panel=off` opens any page without the panel (clean screenshots); "Hide panel" removes it until reload. */
export function mountDesignerPanel(): void {
  if (new URLSearchParams(window.location.search).get('panel') === 'off') return;
  const host = document.createElement('div');
  host.id = 'mock-designer-panel';
  document.body.append(host);
  const root = createRoot(host);
  const hide = () => {
    root.unmount();
    host.remove();
  };
  root.render(
    <StrictMode>
      <DesignerPanel onHide={hide} />
    </StrictMode>,
  );
}
