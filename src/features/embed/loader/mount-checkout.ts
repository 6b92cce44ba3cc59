import type { EmbedTheme } from '../embed-messages.ts';
import {
  EMBED_LINK_PATH_PREFIX,
  EMBED_PARAMS,
  EMBED_PATH,
  EMBED_PROTOCOL_VERSION,
  EMBED_SOURCE,
} from '../../../../contract/embed-protocol.ts';
import type { CheckoutEvent, CheckoutHandle, MountOptions } from './loader-types.ts';
import { isRandomId, randomId } from '../../../../contract/random-id.ts';
import { HOST_RETURN_PARAM } from '../../../lib/host-return.ts';
import { noteLeavingForBank, takeReturnedSession } from './returned-session.ts';

const DEFAULT_READY_TIMEOUT_MS = 15_000;
/**
 * The frame's document has loaded (a refused frame loads the browser's error page) and the checkout
 * still has not said `ready`: a page that may not frame it hears so within this, not after 15 s.
 */
const READY_AFTER_LOAD_MS = 3_000;
const EVENT_TYPES = [
  'ready',
  'resize',
  'payment_succeeded',
  'payment_failed',
  'pix_created',
  'redirecting',
  'error',
];

/**
 * The loader has no zod (it must stay under 3 KB): the checkout already validated what it sends, so
 * the loader checks who sent it (origin, window, instance) and the fields it acts upon.
 */
function readEvent(data: unknown, instance: string): CheckoutEvent | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (message.source !== EMBED_SOURCE || message.version !== EMBED_PROTOCOL_VERSION) return undefined;
  if (message.instance !== instance || !EVENT_TYPES.includes(String(message.type))) return undefined;
  // The fields the host acts upon are checked here too: the loader trusts no shape it did not check.
  if (
    message.type === 'resize' &&
    !(typeof message.height === 'number' && message.height >= 0 && message.height <= 1e5)
  )
    return undefined;
  if (
    'transactionId' in message &&
    !(
      Number.isInteger(message.transactionId) &&
      typeof message.status === 'string' &&
      Number.isInteger(message.amount)
    )
  )
    return undefined;
  const { source: _source, version: _version, instance: _instance, ...event } = message;
  return event as CheckoutEvent;
}

/** The bank's page, where the top window may go: https, or the checkout's own origin (the mock's bank). */
function safeBankUrl(raw: unknown, checkoutOrigin: string): string | undefined {
  try {
    const url = new URL(String(raw));
    if (url.username || url.password) return undefined;
    return url.protocol === 'https:' || url.origin === checkoutOrigin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function mountCheckout(
  target: string | HTMLElement,
  options: MountOptions,
  defaultCheckoutUrl: string | undefined,
): CheckoutHandle {
  const container = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
  if (!container)
    throw new Error(`MerchantCheckout.mount: no element ${typeof target === 'string' ? target : ''}`);
  const base = options.checkoutUrl ?? defaultCheckoutUrl;
  if (!base)
    throw new Error('MerchantCheckout.mount: pass checkoutUrl, embed.js could not tell where it came from');
  if (options.session === undefined && options.order === undefined && options.link === undefined)
    throw new Error('MerchantCheckout.mount: pass the session your backend created, or a payment link');
  const checkoutOrigin = new URL(base, window.location.href).origin;
  const instance = randomId();
  // Back from the bank, the session the shopper paid, not the new one a page made for this load
  // (docs/decisions/292-embedded-3ds-return-names-the-session.md). Taken off the address in any case.
  const returned = takeReturnedSession();
  const session = options.session === undefined ? undefined : (returned ?? options.session);

  // A link's page opens the shopper's session itself; a session (or the preview's order) goes straight in.
  const src = new URL(
    session === undefined && options.link !== undefined
      ? EMBED_LINK_PATH_PREFIX + encodeURIComponent(options.link)
      : EMBED_PATH,
    checkoutOrigin,
  );
  src.searchParams.set(EMBED_PARAMS.instance, instance);
  src.searchParams.set(EMBED_PARAMS.hostOrigin, window.location.origin);
  if (options.locale) src.searchParams.set(EMBED_PARAMS.lang, options.locale);
  if (options.theme?.mode) src.searchParams.set(EMBED_PARAMS.theme, options.theme.mode);
  if (session !== undefined) src.searchParams.set(EMBED_PARAMS.session, session);
  // 3DS: the bank sends the shopper back to this page (or options.returnUrl) with the session's id (or,
  // in the preview, a reference); the checkout shows the answer and reports payment_succeeded/failed.
  src.searchParams.set(EMBED_PARAMS.returnUrl, options.returnUrl ?? window.location.href);
  const returnRef = new URLSearchParams(window.location.search).get(HOST_RETURN_PARAM);
  if (isRandomId(returnRef)) src.searchParams.set(EMBED_PARAMS.returnRef, returnRef);

  const iframe = document.createElement('iframe');
  iframe.title = options.title ?? 'Checkout';
  // PIX's "copy code" button needs the clipboard inside a cross-origin frame.
  iframe.allow = 'payment; clipboard-write';
  iframe.setAttribute('scrolling', 'no');
  iframe.style.cssText = 'display:block;width:100%;height:320px;border:0;overflow:hidden;color-scheme:normal';

  const post = (message: Record<string, unknown>) => {
    iframe.contentWindow?.postMessage(
      { source: EMBED_SOURCE, version: EMBED_PROTOCOL_VERSION, instance, ...message },
      checkoutOrigin,
    );
  };

  const emit = (event: CheckoutEvent) => {
    options.onEvent?.(event);
    switch (event.type) {
      case 'ready':
        options.onReady?.();
        break;
      case 'payment_succeeded':
        options.onPaymentSucceeded?.(event);
        break;
      case 'payment_failed':
        options.onPaymentFailed?.(event);
        break;
      case 'pix_created':
        options.onPixCreated?.(event);
        break;
      case 'error':
        options.onError?.(event);
        break;
      // No callback of their own: the host sees them through onEvent only.
      case 'redirecting':
      case 'resize':
        break;
    }
  };

  let ready = false;
  let failed = false;
  let theme = options.theme;
  const fail = () => {
    if (ready || failed) return;
    failed = true;
    emit({ type: 'error', code: 'load_failed' });
  };
  const timer = window.setTimeout(fail, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
  let afterLoad: number | undefined;
  const onFrameLoad = () => {
    window.clearTimeout(afterLoad);
    afterLoad = window.setTimeout(fail, Math.min(READY_AFTER_LOAD_MS, options.readyTimeoutMs ?? Infinity));
  };
  iframe.addEventListener('load', onFrameLoad);

  const onMessage = (message: MessageEvent) => {
    // Only our own iframe, from the checkout's origin, for this instance: a second checkout on the
    // page, another frame or another script cannot speak for this one.
    if (message.origin !== checkoutOrigin || message.source !== iframe.contentWindow) return;
    const event = readEvent(message.data, instance);
    if (!event) return;
    if (event.type === 'ready') {
      // A session carries its own order: the host's would be ignored, so it is not even sent. Every
      // document the frame loads says `ready` (a link's page, then its session's) and gets the theme.
      post({ type: 'init', order: session === undefined ? options.order : undefined, theme });
      // The merchant hears `ready` once per mount: the frame moving on is not a second checkout.
      if (ready) return;
      ready = true;
      window.clearTimeout(timer);
      window.clearTimeout(afterLoad);
    }
    if (event.type === 'resize') iframe.style.height = `${Math.ceil(event.height)}px`;
    if (event.type === 'redirecting') {
      // Checked before the merchant's code hears of it: a refused URL never reaches their callbacks.
      const url = safeBankUrl(event.url, checkoutOrigin);
      if (!url) {
        emit({ type: 'error', code: 'redirect_blocked' });
        return;
      }
      const checked = { ...event, url };
      // Noted before the merchant's code runs: a popup it opens for the bank gets a copy of this tab's
      // storage, so a return there is this shopper's too.
      if (session !== undefined) noteLeavingForBank(session);
      emit(checked);
      if (options.onRedirecting?.(checked) !== false) window.location.assign(url);
      return;
    }
    emit(event);
  };

  window.addEventListener('message', onMessage);
  iframe.src = src.href;
  container.appendChild(iframe);

  return {
    iframe,
    setTheme(next: EmbedTheme) {
      theme = next;
      post({ type: 'theme', theme });
    },
    unmount() {
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onFrameLoad);
      window.clearTimeout(timer);
      window.clearTimeout(afterLoad);
      iframe.remove();
    },
  };
}
