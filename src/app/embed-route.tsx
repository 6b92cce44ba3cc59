import { isRandomId } from '../../contract/random-id.ts';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { applyTheme } from '../features/embed/apply-theme.ts';
import { createEmbedBridge, type EmbedBridge } from '../features/embed/embed-bridge.ts';
import { currentEmbedContext, type EmbedContext } from '../features/embed/embed-context.ts';
import type { AppEvent } from '../features/embed/embed-messages.ts';
import { EMBED_PARAMS } from '../../contract/embed-protocol.ts';
import { hostReturnUrl } from '../features/embed/host-return-url.ts';
import { EmbedRefused } from '../features/embed/embed-refused.tsx';
import { useAutoResize } from '../features/embed/use-auto-resize.ts';
import { useTransactionEvents } from '../features/embed/use-transaction-events.ts';
import '../features/embed/embed.css';
import { useI18n } from '../i18n/i18n-context.tsx';
import { orderFromSearchParams, type OrderConfig, type OrderConfigResult } from '../lib/order-config.ts';
import { SERVED_SESSION_ID } from '../lib/public-session.ts';
import { urlOrdersAllowed } from '../lib/served-config.ts';
import { readServedJson } from '../lib/served-json.ts';
import { SESSION_ID_PATTERN } from '../lib/session-paths.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { SessionEnded, ThreeDSReturnPage } from './lazy-screens.tsx';
import { SessionLoader } from './session-loader.tsx';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/embed.ts';

/**
 * `/embed`: the checkout inside a merchant's page (src/features/embed/loader). No site header. With
 * `session`, it shows that checkout session (order, payment under way, 3DS return); otherwise — the
 * designers' preview only — the order comes from the host's `init` message (or the URL's order
 * parameters). Every outcome is reported to the host by postMessage.
 */
export function EmbedRoute({ search }: { search: URLSearchParams }) {
  // Who embeds us cannot change while we live: decide once.
  const [result] = useState(() => currentEmbedContext(search));
  useEffect(() => {
    document.documentElement.dataset.embedded = '';
    applyTheme({ mode: search.get(EMBED_PARAMS.theme) === 'dark' ? 'dark' : 'light' });
  }, [search]);

  return (
    <main id="main" className="main embed" tabIndex={-1}>
      {result.ok ? (
        <EmbeddedCheckout context={result.context} search={search} />
      ) : (
        <EmbedRefused reason={result.reason} />
      )}
    </main>
  );
}

function EmbeddedCheckout({ context, search }: { context: EmbedContext; search: URLSearchParams }) {
  const { t } = useI18n();
  const bridge: EmbedBridge = useMemo(() => createEmbedBridge(context), [context]);
  const send = useCallback((event: AppEvent) => bridge.send(event), [bridge]);
  const [sessionId] = useState(() => search.get(EMBED_PARAMS.session));
  // A session brings its own order; without one, the host's order is the designers' preview only.
  const [hostOrders] = useState(() => sessionId === null && urlOrdersAllowed());
  const [fromUrl] = useState<OrderConfigResult>(() =>
    hostOrders ? orderFromSearchParams(search) : { ok: 'empty' },
  );
  const [order, setOrder] = useState<OrderConfig | null>(fromUrl.ok === true ? fromUrl.order : null);
  const [invalidOrder, setInvalidOrder] = useState(fromUrl.ok === false);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const stop = bridge.listen(
      (message) => {
        if (message.type === 'init' && hostOrders) {
          const sent = message.order;
          // The first order stays: a second `init` must not wipe what the shopper typed.
          setOrder((current) => current ?? sent ?? null);
          setInvalidOrder((invalid) => invalid || sent === undefined);
        }
        if (message.theme) applyTheme(message.theme);
      },
      () => {
        setInvalidOrder(true);
        send({ type: 'error', code: 'invalid_order' });
      },
    );
    // Listening first, then `ready`: the host's `init` answers it and must not be missed.
    send({ type: 'ready' });
    // Production takes no order from the host: say so to the merchant's code as well as the shopper.
    if (sessionId === null && !hostOrders) send({ type: 'error', code: 'invalid_order' });
    return stop;
  }, [bridge, send, sessionId, hostOrders]);

  const reportHeight = useCallback((height: number) => send({ type: 'resize', height }), [send]);
  useAutoResize(content, reportHeight);
  useTransactionEvents(send);

  // 3DS from inside the iframe: the host's loader takes the top window to the bank
  // (docs/decisions/021-embed-three-ds-top-window.md).
  const navigateToBank = useCallback(
    (href: string, transaction: Transaction) =>
      send({
        type: 'redirecting',
        transactionId: transaction.id,
        status: transaction.status,
        amount: transaction.amount,
        url: href,
      }),
    [send],
  );

  // After 3DS the bank sends the top window back to the merchant's page; its loader re-mounts us with
  // the reference, and we show what the gateway says (the transaction events then reach the host). A
  // session needs no reference: mounted again with it, the checkout shows the session's latest payment.
  const threeDSReturnUrl = useMemo(() => hostReturnUrl(search, context.hostOrigin), [search, context]);
  const embedded = useMemo(
    () => ({ navigateToBank, hostReturnUrl: threeDSReturnUrl }),
    [navigateToBank, threeDSReturnUrl],
  );
  const threeDSReturn = useMemo(
    () => ({ kind: 'reference' as const, hostReturnUrl: threeDSReturnUrl }),
    [threeDSReturnUrl],
  );
  const [returnRef, setReturnRef] = useState(() => {
    const ref = search.get(EMBED_PARAMS.returnRef);
    return sessionId === null && isRandomId(ref) ? ref : null;
  });
  const backToCheckout = useCallback(() => setReturnRef(null), []);

  let screen;
  if (sessionId !== null) {
    screen = SESSION_ID_PATTERN.test(sessionId) ? (
      <SessionLoader sessionId={sessionId} served={servedSession(sessionId)} embedded={embedded} />
    ) : (
      <SessionEnded reason="invalid" />
    );
  } else if (!hostOrders) {
    screen = <Alert>{t('checkout.config.sessionOnly')}</Alert>;
  }
  return (
    <div ref={content} className="embed__content">
      {screen ? (
        <Suspense fallback={<Spinner label={t('embed.loading')} />}>{screen}</Suspense>
      ) : returnRef ? (
        <Suspense fallback={<Spinner label={t('embed.loading')} />}>
          <ThreeDSReturnPage search={new URLSearchParams({ ref: returnRef })} onBack={backToCheckout} />
        </Suspense>
      ) : order ? (
        <CheckoutPage order={order} navigateToBank={navigateToBank} threeDSReturn={threeDSReturn} />
      ) : invalidOrder ? (
        <Alert>{t('embed.invalidOrder')}</Alert>
      ) : (
        <div className="embed__loading">
          <Spinner label={t('embed.loading')} />
        </div>
      )}
    </div>
  );
}

/** The server puts the session into `/embed?session=…` too: used when it is this one (or `null`, unknown). */
function servedSession(sessionId: string): unknown {
  const served = readServedJson(SERVED_SESSION_ID);
  if (served === null) return null;
  const id = typeof served === 'object' ? (served as { id?: unknown }).id : undefined;
  return id === sessionId ? served : undefined;
}
