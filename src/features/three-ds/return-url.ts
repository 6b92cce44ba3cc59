import { appHref } from '../../lib/app-path.ts';
import { HOST_RETURN_PARAM } from '../../lib/host-return.ts';
import { RETURN_PATH } from './return-reference.ts';

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
    // Under the static preview's folder (`/review/3ds/return/`) when there is one.
    const url = new URL(import.meta.env.BASE_URL === './' ? appHref(RETURN_PATH) : RETURN_PATH, origin);
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
  const href = `/?${query.toString()}`;
  return import.meta.env.BASE_URL === './' ? appHref(href) : href;
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
