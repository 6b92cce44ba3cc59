// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ORDER } from '../../../lib/order-config.ts';
import type { CheckoutEvent } from './loader-types.ts';
import { mountCheckout } from './mount-checkout.ts';

const CHECKOUT = 'https://checkout.example';

function setup(extra: Partial<Parameters<typeof mountCheckout>[1]> = {}) {
  document.body.innerHTML = '<div id="slot"></div>';
  const events: CheckoutEvent[] = [];
  const handle = mountCheckout(
    '#slot',
    { order: DEMO_ORDER, locale: 'en', onEvent: (e) => events.push(e), ...extra },
    `${CHECKOUT}/embed.js`,
  );
  const src = new URL(handle.iframe.src);
  const instance = src.searchParams.get('instance') ?? '';
  const say = (
    data: Record<string, unknown>,
    origin = CHECKOUT,
    source: MessageEventSource | null = handle.iframe.contentWindow,
  ) => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'merchant-checkout', version: 1, instance, ...data },
        origin,
        source,
      }),
    );
  };
  return { handle, events, src, instance, say };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mountCheckout', () => {
  it('frames /embed of the checkout with an instance id and the host origin', () => {
    const { src, instance } = setup();
    expect(src.origin + src.pathname).toBe(`${CHECKOUT}/embed`);
    expect(instance).toMatch(/^[0-9a-f]{32}$/);
    expect(src.searchParams.get('host')).toBe(window.location.origin);
    expect(src.searchParams.get('lang')).toBe('en');
  });

  it('answers ready with the order, to the checkout origin only', () => {
    const { handle, say, instance } = setup();
    const contentWindow = handle.iframe.contentWindow;
    if (!contentWindow) throw new Error('no iframe window');
    const post = vi.spyOn(contentWindow, 'postMessage');
    say({ type: 'ready' });
    expect(post).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'init', order: DEMO_ORDER, instance }),
      CHECKOUT,
    );
  });

  it('with a session, frames /embed?session=… and sends no order in init', () => {
    const { handle, src, say } = setup({ session: 'cs_abcdefghijklmnopqrstuv', order: undefined });
    expect(src.searchParams.get('session')).toBe('cs_abcdefghijklmnopqrstuv');
    const contentWindow = handle.iframe.contentWindow;
    if (!contentWindow) throw new Error('no iframe window');
    const post = vi.spyOn(contentWindow, 'postMessage');
    say({ type: 'ready' });
    const [message] = post.mock.calls[0] ?? [];
    expect(message).toMatchObject({ type: 'init', order: undefined });
  });

  it('needs a session (or, in the preview, an order)', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    expect(() => mountCheckout('#slot', {}, `${CHECKOUT}/embed.js`)).toThrow(/session/);
  });

  it('sizes the iframe from resize and forwards events', () => {
    const { handle, events, say } = setup();
    say({ type: 'resize', height: 812.4 });
    say({ type: 'payment_succeeded', transactionId: 5, status: 'paid', amount: 15090 });
    expect(handle.iframe.style.height).toBe('813px');
    expect(events).toEqual([
      { type: 'resize', height: 812.4 },
      { type: 'payment_succeeded', transactionId: 5, status: 'paid', amount: 15090 },
    ]);
  });

  it('ignores other origins, other windows and other instances', () => {
    const { handle, events, say } = setup();
    say(
      { type: 'payment_succeeded', transactionId: 5, status: 'paid', amount: 15090 },
      'https://evil.example',
    );
    say({ type: 'payment_succeeded', transactionId: 5, status: 'paid', amount: 15090 }, CHECKOUT, window);
    say({ type: 'payment_succeeded', transactionId: 5, status: 'paid', instance: 'f'.repeat(32) });
    say({ type: 'resize', height: 10, source: 'someone-else' });
    expect(events).toEqual([]);
    expect(handle.iframe.style.height).toBe('320px');
  });

  it('reports load_failed when the checkout never answers', () => {
    vi.useFakeTimers();
    const { events } = setup({ readyTimeoutMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([{ type: 'error', code: 'load_failed' }]);
    vi.useRealTimers();
  });

  it('reports load_failed 3 s after the frame loaded without a ready (a refused frame), once', () => {
    vi.useFakeTimers();
    const { events, handle } = setup({});
    handle.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'error', code: 'load_failed' }]);
    vi.advanceTimersByTime(15_000);
    expect(events).toHaveLength(1);
    vi.useRealTimers();
  });

  it('refuses to send the top window to an unsafe bank URL', () => {
    const onRedirecting = vi.fn(() => false);
    const { events, say } = setup({ onRedirecting });
    say({
      type: 'redirecting',
      transactionId: 9,
      status: 'processing',
      amount: 15090,
      url: 'javascript:alert(1)',
    });
    expect(onRedirecting).not.toHaveBeenCalled();
    // The merchant's onEvent never sees the refused URL, only the error.
    expect(events).toEqual([{ type: 'error', code: 'redirect_blocked' }]);
    say({
      type: 'redirecting',
      transactionId: 9,
      status: 'processing',
      amount: 15090,
      url: 'https://bank.example/acs',
    });
    expect(onRedirecting).toHaveBeenCalledTimes(1);
  });

  it('drops events whose fields it acts upon are malformed', () => {
    const { handle, events, say } = setup();
    const heightBefore = handle.iframe.style.height;
    say({ type: 'resize', height: 'tall' });
    say({ type: 'resize', height: 1e9 });
    say({ type: 'payment_succeeded', transactionId: '12; drop', status: 'paid', amount: 1 });
    say({ type: 'payment_succeeded', transactionId: 12, status: 'paid', amount: '100' });
    expect(events).toEqual([]);
    expect(handle.iframe.style.height).toBe(heightBefore);
  });

  it('calls onReady once, though every document of the frame says ready and gets the theme', () => {
    const onReady = vi.fn();
    const theme = { mode: 'dark' as const };
    const { handle, events, say } = setup({ onReady, theme });
    const contentWindow = handle.iframe.contentWindow;
    if (!contentWindow) throw new Error('no iframe window');
    const post = vi.spyOn(contentWindow, 'postMessage');
    say({ type: 'ready' });
    handle.setTheme({ mode: 'light' });
    // An embedded link's page says ready, then its session's page does (and React's dev mode twice).
    say({ type: 'ready' });
    say({ type: 'ready' });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(events.filter((e) => e.type === 'ready')).toHaveLength(1);
    const inits = post.mock.calls.map(([message]) => message as { type: string; theme?: unknown });
    expect(inits.filter((m) => m.type === 'init').map((m) => m.theme)).toEqual([
      theme,
      { mode: 'light' },
      { mode: 'light' },
    ]);
  });

  it('unmount removes the iframe and stops listening', () => {
    const { handle, events, say } = setup();
    handle.unmount();
    expect(document.querySelector('iframe')).toBeNull();
    say({ type: 'ready' });
    expect(events).toEqual([]);
  });
});

describe('mountCheckout back from the bank (?checkout_session=…)', () => {
  const PAID = 'cs_PaidPaidPaidPaidPaidPaid';
  const NEW = 'cs_NewNewNewNewNewNewNewNew';
  const visit = (path: string) => window.history.replaceState(null, '', path);
  const mountSession = (session = NEW) => {
    document.body.innerHTML = '<div id="slot"></div>';
    const handle = mountCheckout('#slot', { session }, `${CHECKOUT}/embed.js`);
    return new URL(handle.iframe.src);
  };
  /** The shopper took this tab to the bank from a checkout showing `session`. */
  const leaveForBank = (session: string) => {
    document.body.innerHTML = '<div id="slot"></div>';
    const onRedirecting = vi.fn(() => false);
    const handle = mountCheckout('#slot', { session, onRedirecting }, `${CHECKOUT}/embed.js`);
    const instance = new URL(handle.iframe.src).searchParams.get('instance');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: {
          source: 'merchant-checkout',
          version: 1,
          instance,
          type: 'redirecting',
          transactionId: 9,
          status: 'waiting_payment',
          amount: 15090,
          url: `${CHECKOUT}/__mock-gateway/mock-bank/challenge?token=t`,
        },
        origin: CHECKOUT,
        source: handle.iframe.contentWindow,
      }),
    );
    expect(onRedirecting).toHaveBeenCalledTimes(1);
    handle.unmount();
  };

  afterEach(() => {
    window.sessionStorage.clear();
    visit('/');
  });

  it('mounts the session the shopper paid, not the new one, and takes the id off the address', () => {
    visit('/shop?cart=9');
    leaveForBank(PAID);
    visit(`/shop?cart=9&checkout_session=${PAID}#top`);
    const src = mountSession(NEW);
    expect(src.searchParams.get('session')).toBe(PAID);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/shop?cart=9#top');
    // The next trip to the bank comes back to the page as it is, without the old id.
    expect(src.searchParams.get('return_url')).toBe(`${window.location.origin}/shop?cart=9#top`);
  });

  it('mounts it again on a second mount of that page (React’s development mode mounts twice)', () => {
    visit('/shop');
    leaveForBank(PAID);
    visit(`/shop?checkout_session=${PAID}`);
    expect(mountSession(NEW).searchParams.get('session')).toBe(PAID);
    expect(mountSession(NEW).searchParams.get('session')).toBe(PAID);
    // A single-page shop that moved on mounts its own session.
    visit('/shop/other-product');
    expect(mountSession(NEW).searchParams.get('session')).toBe(NEW);
  });

  it('ignores an id this tab did not take to the bank (a link someone made), but removes it', () => {
    visit(`/shop?checkout_session=${PAID}`);
    expect(mountSession(NEW).searchParams.get('session')).toBe(NEW);
    expect(window.location.search).toBe('');
    visit('/shop');
    leaveForBank(NEW);
    visit(`/shop?checkout_session=${PAID}`);
    expect(mountSession(NEW).searchParams.get('session')).toBe(NEW);
  });

  it('ignores what is not a session id', () => {
    for (const forged of ['cs_short', 'https://evil.example', `${PAID}"><script>`, '']) {
      visit(`/shop?checkout_session=${encodeURIComponent(forged)}`);
      expect(mountSession(NEW).searchParams.get('session')).toBe(NEW);
      expect(window.location.search).toBe('');
    }
  });

  it('takes the address alone where this page has no storage', () => {
    const blocked = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    visit(`/shop?checkout_session=${PAID}`);
    expect(mountSession(NEW).searchParams.get('session')).toBe(PAID);
    blocked.mockRestore();
  });

  it('leaves a payment link or the preview’s order alone', () => {
    visit('/shop');
    leaveForBank(PAID);
    visit(`/shop?checkout_session=${PAID}`);
    document.body.innerHTML = '<div id="slot"></div>';
    const handle = mountCheckout('#slot', { link: 'Ab3dEf6hIj9k' }, `${CHECKOUT}/embed.js`);
    const src = new URL(handle.iframe.src);
    expect(src.pathname).toBe('/l/Ab3dEf6hIj9k');
    expect(src.searchParams.get('session')).toBeNull();
  });
});
