import { HOST_RETURN_PARAM } from '../../lib/host-return.ts';
import { sessionThreeDSReturnPath } from '../../lib/session-paths.ts';

/** The SPA's own return route; the gateway sends the shopper here after the bank's challenge. */
export const RETURN_PATH = '/3ds/return';

const REFERENCE_BYTES = 16;

/** 128 random bits as hex: unguessable, and it carries nothing about the card or the order. */
export function createReturnReference(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(REFERENCE_BYTES)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function isReturnReference(value: string | null): value is string {
  return value !== null && /^[0-9a-f]{32}$/.test(value);
}

export interface ReturnUrls {
  urlSuccess: string;
  urlFail: string;
}

export interface ReturnUrlOptions {
  /** The shopper's language, kept across the trip to the bank. */
  lang?: string;
  /** The checkout's own query (the order), so "back to checkout" reopens the same order. */
  checkoutQuery?: string;
}

/** `via` only says which address the bank used; the return page never trusts it and asks the gateway. */
export function buildReturnUrls(
  origin: string,
  reference: string,
  options: ReturnUrlOptions = {},
): ReturnUrls {
  const make = (via: 'success' | 'fail') => {
    const url = new URL(RETURN_PATH, origin);
    url.searchParams.set('ref', reference);
    url.searchParams.set('via', via);
    if (options.lang) url.searchParams.set('lang', options.lang);
    const checkout = options.checkoutQuery?.replace(/^\?/, '');
    if (checkout) url.searchParams.set('checkout', checkout);
    return url.href;
  };
  return { urlSuccess: make('success'), urlFail: make('fail') };
}

/**
 * Where "back to checkout" goes: always the checkout path of this origin, with the order's query taken
 * from the return URL. Parsing and re-serialising the query means it can never become another path or host.
 */
export function checkoutHref(returnSearch: URLSearchParams, lang: string): string {
  const query = new URLSearchParams(returnSearch.get('checkout') ?? '');
  query.set('lang', lang);
  return `/?${query.toString()}`;
}

/**
 * Embedded: the bank sends the shopper back to the merchant's own page (the host re-mounts the checkout,
 * which finds the reference in its session and asks the gateway). Only the reference travels.
 */
export function buildHostReturnUrls(hostReturnUrl: string, reference: string): ReturnUrls {
  const url = new URL(hostReturnUrl);
  url.searchParams.set(HOST_RETURN_PARAM, reference);
  return { urlSuccess: url.href, urlFail: url.href };
}

/**
 * A checkout session's return pages, `/pay/{id}/3ds/success|fail`: no reference and nothing in browser
 * storage, because the server knows the session's latest attempt and the page asks it (`via` is as
 * untrusted as ever).
 */
export function sessionReturnUrls(origin: string, sessionId: string): ReturnUrls {
  return {
    urlSuccess: new URL(sessionThreeDSReturnPath(sessionId, 'success'), origin).href,
    urlFail: new URL(sessionThreeDSReturnPath(sessionId, 'fail'), origin).href,
  };
}

/**
 * A session embedded in a merchant's page: the bank sends the top window back to that page, which mounts
 * the checkout with the same session again; the session shows the outcome. Nothing else travels.
 */
export function sessionHostReturnUrls(hostReturnUrl: string): ReturnUrls {
  const url = new URL(hostReturnUrl);
  url.searchParams.delete(HOST_RETURN_PARAM);
  return { urlSuccess: url.href, urlFail: url.href };
}
