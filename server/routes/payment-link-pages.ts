import { Hono, type Context } from 'hono';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import { paymentLinkCodeSchema } from '../../contract/payment-links/payment-link.ts';
import type { AppDeps } from '../app-deps.ts';
import { boletoEnabled } from '../env.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { acceptedLocale } from '../http/accept-language.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { embeddedSessionPath, LINK_EMBED_JS, readLinkEmbed } from '../payment-links/link-embed.ts';
import { LINK_PAGE_CSS, LINK_SHARE_JS } from '../payment-links/link-page-assets.ts';
import {
  activeLinkPage,
  closedLinkPage,
  linkPageMeta,
  notFoundLinkPage,
  printableLinkPage,
  thanksPage,
  wordsFor,
} from '../payment-links/link-page.ts';
import { linkPageShop } from '../payment-links/link-page-shop.ts';
import type { LinkPageWords } from '../payment-links/link-page-words.ts';
import { linkPreview } from '../payment-links/link-preview.ts';
import { findLinkByCode } from '../payment-links/link-repository.ts';
import { linkStatus } from '../payment-links/link-status.ts';
import { linkUrl } from '../payment-links/link-views.ts';
import { parseBrl } from '../payment-links/money-text.ts';
import { openSessionFromLink } from '../payment-links/open-session.ts';
import { verifiedPrefill } from '../payment-links/prefill-signature.ts';
import { linkQrSvg } from '../payment-links/qr-svg.ts';
import { meter } from '../rate-limit/metering.ts';
import { findSession } from '../sessions/session-repository.ts';
import { shopperUrl } from '../sessions/session-views.ts';

function html(c: Context, body: string, status: 200 | 400 | 404 | 429 = 200): Response {
  // A link's page changes with its status and counters: never kept by a cache.
  c.header('Cache-Control', 'no-store');
  return c.html(body, status);
}

/**
 * The shopper's side of payment links, mounted at `/l`: the link's page (GET, which writes nothing), "Continue"
 * (POST: a fresh session, then 303 to `/pay/{id}`, so reload and Back keep that session), the thank-you page, the
 * printable QR sheet and the pages' two static files. Server-rendered: nothing joins the checkout's bundle.
 */
export function paymentLinkPageRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  const { policy } = deps;
  // The shop as it is now (a console change shows at the next page), in the shopper's language.
  const shopOf = (c: Context) => linkPageShop(deps, acceptedLocale(c.req.header('accept-language')));
  const boletoOn = boletoEnabled(deps.env);
  const find = async (code: string) =>
    paymentLinkCodeSchema.safeParse(code).success ? findLinkByCode(deps.db, code) : undefined;

  routes.get('/link-page.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(LINK_PAGE_CSS);
  });
  routes.get('/link-share.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(LINK_SHARE_JS);
  });
  routes.get('/link-embed.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(LINK_EMBED_JS);
  });

  // The shop's colour for the pages (the CSP allows no inline style): one small file per colour.
  routes.get('/theme.css', (c) => {
    const colour = c.req.query('c') ?? '';
    if (!/^[0-9a-f]{6}$/.test(colour)) return c.text('Not found', 404);
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(`:root{--primary:#${colour}}\n`);
  });

  routes.get('/:code', async (c) => {
    const shop = await shopOf(c);
    const link = await find(c.req.param('code'));
    if (!link) return html(c, notFoundLinkPage(shop), 404);
    // Read only: a link that has expired reads as expired (derived); its `payment_link.expired` is the
    // sweeps job's to write (decision 297), so a crawler's GET changes nothing.
    const status = linkStatus(link, deps.now());
    const query = new URL(c.req.url).searchParams;
    const embed = readLinkEmbed((name) => query.get(name), link, deps.embedOrigins);
    if (status !== 'active') return html(c, closedLinkPage(link, status, shop, embed));
    const page = linkUrl(deps.publicUrl, link.code);
    const meta = (words: LinkPageWords) =>
      linkPageMeta(link, shop, words, { page, image: `${page}/preview.png` });
    return html(
      c,
      activeLinkPage({ link, shop, meta, prefill: query, boletoOn, ...(embed ? { embed } : {}) }),
    );
  });

  routes.post('/:code', async (c) => {
    const shop = await shopOf(c);
    const address = clientAddress(c, trust);
    const verdict = await meter(deps.db, policy, { kind: 'link-visit' }, address, deps.now());
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return html(c, notFoundLinkPage(shop), 429);
    }
    const link = await find(c.req.param('code'));
    if (!link) return html(c, notFoundLinkPage(shop), 404);
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
    const prefill = new URLSearchParams();
    for (const name of ['document', 'email', 'name', 'sig']) {
      const value = text(name);
      if (value !== undefined) prefill.set(name, value);
    }
    const typed = { amount: text('amount'), quantity: text('quantity') };
    const amount = typed.amount === undefined ? undefined : parseBrl(typed.amount);
    const quantity = typed.quantity === undefined ? undefined : Number(typed.quantity);
    const customer = verifiedPrefill(deps.secretKey, link.code, prefill);
    const embed = readLinkEmbed((name) => text(name) ?? null, link, deps.embedOrigins);
    const result = await openSessionFromLink(
      deps.db,
      link,
      {
        ...(amount !== undefined ? { amount } : link.customAmount ? { amount: Number.NaN } : {}),
        ...(quantity !== undefined ? { quantity } : {}),
        ...(customer ? { customer } : {}),
      },
      { now: deps.now(), publicUrl: deps.publicUrl, boletoOn },
    );
    if (result.kind === 'closed') return html(c, closedLinkPage(link, result.status, shop, embed));
    if (result.kind === 'invalid') {
      const page = activeLinkPage({
        link,
        shop,
        prefill,
        typed,
        error: result.field,
        boletoOn,
        ...(embed ? { embed } : {}),
      });
      return html(c, page, 400);
    }
    deps.log.info('payment link visit opened a session', {
      paymentLinkId: link.id,
      sessionId: result.session.id,
    });
    c.header('Cache-Control', 'no-store');
    // In a shop's frame, the embedded checkout of this session (it talks to the shop from then on).
    const next = embed
      ? embeddedSessionPath(result.session.id, embed)
      : new URL(shopperUrl(deps.publicUrl, result.session.id)).pathname;
    return c.redirect(next, 303);
  });

  routes.get('/:code/thanks', async (c) => {
    const shop = await shopOf(c);
    const link = await find(c.req.param('code'));
    if (!link) return html(c, notFoundLinkPage(shop), 404);
    const sid = c.req.query('session_id');
    const valid = sid !== undefined && sessionIdSchema.safeParse(sid).success;
    const session = valid ? await findSession(deps.db, sid) : undefined;
    // Only this link's own session, paid, earns the thank-you: the page tells nothing about any other.
    const mine = session?.paymentLinkId === link.id;
    return html(c, thanksPage(link, mine && session.status === 'complete', shop, mine ? sid : undefined));
  });

  routes.get('/:code/qr', async (c) => {
    const shop = await shopOf(c);
    const link = await find(c.req.param('code'));
    if (!link) return html(c, notFoundLinkPage(shop), 404);
    const url = linkUrl(deps.publicUrl, link.code);
    const words = wordsFor(link, undefined, shop.locale);
    return html(c, printableLinkPage(link, url, linkQrSvg(url, words.qrLabel(link.title)), shop));
  });

  // The link's Open Graph image: a PNG card (chat apps show no SVG). Any link, active or not: a message
  // shared last week still shows its card.
  routes.get('/:code/preview.png', async (c) => {
    const shop = await shopOf(c);
    const link = await find(c.req.param('code'));
    if (!link) return c.text('Not found', 404);
    const png = linkPreview(link, shop, wordsFor(link, undefined, shop.locale));
    c.header('Content-Type', 'image/png');
    // A crawler may ask again; a change of title, price or colour shows within minutes.
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Vary', 'Accept-Language');
    return c.body(new Uint8Array(png));
  });

  return routes;
}
