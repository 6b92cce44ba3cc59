import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { applyTheme } from '../features/embed/apply-theme.ts';
import { createEmbedBridge, type EmbedBridge } from '../features/embed/embed-bridge.ts';
import { currentEmbedContext, type EmbedContext } from '../features/embed/embed-context.ts';
import type { AppEvent } from '../features/embed/embed-messages.ts';
import { EMBED_PARAMS } from '../features/embed/embed-protocol.ts';
import { hostReturnUrl } from '../features/embed/host-return-url.ts';
import { EmbedRefused } from '../features/embed/embed-refused.tsx';
import { useAutoResize } from '../features/embed/use-auto-resize.ts';
import { useTransactionEvents } from '../features/embed/use-transaction-events.ts';
import '../features/embed/embed.css';
import { useI18n } from '../i18n/i18n-context.tsx';
import { isHostReturnReference } from '../lib/host-return.ts';
import { orderFromSearchParams, type OrderConfig } from '../lib/order-config.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { ThreeDSReturnPage } from './lazy-screens.tsx';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../i18n/catalogues/embed.ts';

/**
 * `/embed`: the checkout inside a merchant's page (src/features/embed/loader). No site header; the
 * order comes from the host's `init` message (or, failing that, the URL's order parameters); every
 * outcome is reported to the host by postMessage.
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
  const [fromUrl] = useState(() => orderFromSearchParams(search));
  const [order, setOrder] = useState<OrderConfig | null>(fromUrl.ok === true ? fromUrl.order : null);
  const [invalidOrder, setInvalidOrder] = useState(fromUrl.ok === false);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const stop = bridge.listen(
      (message) => {
        if (message.type === 'init') {
          // The first order stays: a second `init` must not wipe what the shopper typed.
          setOrder((current) => current ?? message.order);
          setInvalidOrder(false);
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
    return stop;
  }, [bridge, send]);

  const reportHeight = useCallback((height: number) => send({ type: 'resize', height }), [send]);
  useAutoResize(content, reportHeight);
  useTransactionEvents(send);

  // 3DS from inside the iframe: the host's loader takes the top window to the bank (docs/decisions.md).
  const navigateToBank = useCallback(
    (href: string, transaction: Transaction) =>
      send({ type: 'redirecting', transactionId: transaction.id, status: transaction.status, url: href }),
    [send],
  );

  // After 3DS the bank sends the top window back to the merchant's page; its loader re-mounts us with
  // the reference, and we show what the gateway says (the transaction events then reach the host).
  const threeDSReturnUrl = useMemo(() => hostReturnUrl(search, context.hostOrigin), [search, context]);
  const [returnRef, setReturnRef] = useState(() => {
    const ref = search.get(EMBED_PARAMS.returnRef);
    return isHostReturnReference(ref) ? ref : null;
  });
  const backToCheckout = useCallback(() => setReturnRef(null), []);

  return (
    <div ref={content} className="embed__content">
      {returnRef ? (
        <Suspense fallback={<Spinner label={t('embed.loading')} />}>
          <ThreeDSReturnPage search={new URLSearchParams({ ref: returnRef })} onBack={backToCheckout} />
        </Suspense>
      ) : order ? (
        <CheckoutPage order={order} navigateToBank={navigateToBank} threeDSReturnUrl={threeDSReturnUrl} />
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
