import { sessionIdSchema, type PublicSession } from '../../contract/checkout-session.ts';
import type { PageConfig } from '../../contract/page-data.ts';
import { URL_ORDER_PARAMETERS } from '../../contract/url-order-parameters.ts';
import { pageShop, type ShopIdentity } from '../shop/shop-identity.ts';
import { injectPageData, type PageData } from './page-data.ts';
import { framablePage } from './security-headers.ts';

/** The session as the shopper's page sees it, or null when there is none with that id. */
export type LoadPublicSession = (id: string) => Promise<PublicSession | null>;

export interface SpaPage {
  status: 200 | 400 | 404;
  html: string;
}

/** `/pay/{id}` and its return pages, and `/embed?session={id}`, show one session. */
export function sessionIdOfPage(url: URL): string | null {
  return framablePage(url.pathname, url.searchParams)?.sessionId ?? null;
}

/** The checkout route (`/`) with order parameters; other pages (the simulator) have their own. */
export function hasUrlOrder(url: URL): boolean {
  const checkout = url.pathname === '/' || url.pathname === '/index.html';
  return checkout && URL_ORDER_PARAMETERS.some((name) => url.searchParams.has(name));
}

/**
 * The app's HTML for one URL, with the page data the first paint needs. A session page carries the
 * session (or `null` with a 404 when the link is not valid: the app says so without asking again). A
 * URL-parameter order is the designers' preview only: the server answers 400 and the app asks the shopper
 * for a new link from the shop.
 */
export async function renderSpaPage(
  url: URL,
  template: string,
  options: { mode: PageConfig['mode']; loadSession: LoadPublicSession; shop?: ShopIdentity | undefined },
): Promise<SpaPage> {
  const configFor = (session: PublicSession | null): PageConfig => {
    const shop = pageShop(options.shop ?? {}, session?.shop);
    return { mode: options.mode, orders: 'session', ...(shop ? { shop } : {}) };
  };
  const page = framablePage(url.pathname, url.searchParams);
  if (page) {
    const id = page.sessionId;
    // `/embed` without `?session=` (the old browser-chosen order) names no session: not found either.
    const session =
      id !== null && sessionIdSchema.safeParse(id).success ? await options.loadSession(id) : null;
    const config = configFor(session);
    const data: PageData = { config, session };
    return { status: session ? 200 : 404, html: titled(injectPageData(template, data), config) };
  }
  const config = configFor(null);
  return { status: hasUrlOrder(url) ? 400 : 200, html: titled(injectPageData(template, { config }), config) };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tab and the history list name the shop before any script runs (the app keeps it so). */
function titled(html: string, config: PageConfig): string {
  const name = config.shop?.name;
  return name ? html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(name)} · Checkout</title>`) : html;
}
