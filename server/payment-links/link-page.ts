import type { PaymentLinkStatus } from '../../contract/payment-links/payment-link.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { embedBodyAttributes, embedFormFields, type LinkEmbed } from './link-embed.ts';
import { offeredMethods, readSettings } from './link-settings.ts';
import { LINK_PAGE_WORDS, type LinkPageWords } from './link-page-words.ts';
import { brl } from './money-text.ts';
import { PREFILL_FIELDS } from './prefill-signature.ts';
import type { LOCALES } from '../../contract/order-values.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../shop/shop-images.ts';

type Locale = (typeof LOCALES)[number];

/**
 * The shopper's link pages, server-rendered HTML with no script (the share button's small file aside):
 * they load nothing of the checkout's bundle, work without JavaScript and fit a 360 px phone. The styles
 * are a file of their own (`/l/link-page.css`): the CSP allows no inline style.
 */

export const LINK_PAGE_CSS_PATH = '/l/link-page.css';
export const LINK_SHARE_JS_PATH = '/l/link-share.js';
export const LINK_EMBED_JS_PATH = '/l/link-embed.js';
export const LINK_THEME_CSS_PATH = '/l/theme.css';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The page's language: the one the framing shop asked for, else the link's own, else the shopper's browser
 * (Accept-Language), else the shop's default (docs/decisions/341-link-pages-language-and-previews.md).
 */
export function wordsFor(
  link: PaymentLinkRow | undefined,
  embed?: LinkEmbed,
  fallback?: Locale,
): LinkPageWords {
  const locale = embed?.lang ?? (link ? readSettings(link.settings).locale : null) ?? fallback;
  return locale === 'en' ? LINK_PAGE_WORDS.en : LINK_PAGE_WORDS['pt-BR'];
}

/** The shop as the link pages show it (server/shop/current-shop.ts), and the language the shopper gets. */
export interface LinkPageShop {
  name: string;
  /** Already readable (white on it passes AA): `/l/theme.css?c=…` sets it as the pages' primary colour. */
  colour?: string | undefined;
  support?: string | undefined;
  logo?: { src: string; width: number; height: number } | undefined;
  /** Changes with the logo and colour: the icon's URL, so a new icon is fetched. */
  iconVersion: string;
  /** Accept-Language's choice, else the shop's default language. */
  locale: Locale;
}

/** Open Graph and Twitter card tags: what a chat app or a social network shows of a shared link. */
export interface LinkPageMeta {
  title: string;
  description: string;
  url: string;
  image: { url: string; width: number; height: number; alt: string };
  siteName: string;
  price?: { amount: string } | undefined;
}

function metaTags(meta: LinkPageMeta, words: LinkPageWords): string {
  const tag = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    tag('property', 'og:type', meta.price ? 'product' : 'website'),
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:locale', words.lang === 'en' ? 'en_US' : 'pt_BR'),
    tag('property', 'og:image', meta.image.url),
    tag('property', 'og:image:type', 'image/png'),
    tag('property', 'og:image:width', String(meta.image.width)),
    tag('property', 'og:image:height', String(meta.image.height)),
    tag('property', 'og:image:alt', meta.image.alt),
    ...(meta.price
      ? [
          tag('property', 'product:price:amount', meta.price.amount),
          tag('property', 'product:price:currency', 'BRL'),
        ]
      : []),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image.url),
    tag('name', 'twitter:image:alt', meta.image.alt),
  ].join('\n');
}

function page(
  words: LinkPageWords,
  title: string,
  body: string,
  options: { script?: boolean; embed?: LinkEmbed; shop: LinkPageShop; meta?: LinkPageMeta },
): string {
  const { shop } = options;
  return `<!doctype html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${options.meta ? metaTags(options.meta, words) : ''}
<link rel="icon" href="/favicon.ico?v=${escapeHtml(shop.iconVersion)}">
<link rel="stylesheet" href="${LINK_PAGE_CSS_PATH}">
${shop.colour ? `<link rel="stylesheet" href="${LINK_THEME_CSS_PATH}?c=${shop.colour.slice(1)}">` : ''}
${options.script ? `<script src="${LINK_SHARE_JS_PATH}" defer></script>` : ''}
${options.embed ? `<script src="${LINK_EMBED_JS_PATH}" defer></script>` : ''}
</head>
<body${options.embed ? embedBodyAttributes(options.embed, escapeHtml) : ''}>
${body}
</body>
</html>`;
}

/** The shop's logo (if any) and name above every page. */
function merchantLine(shop: LinkPageShop): string {
  const logo = shop.logo
    ? `<img class="link__logo" src="${escapeHtml(shop.logo.src)}" width="${shop.logo.width}" height="${shop.logo.height}" alt="">`
    : '';
  return `<p class="link__merchant">${logo}<span>${escapeHtml(shop.name)}</span></p>`;
}

/** "Questions? Contact the shop": the support address, a mail link or the shop's https page. */
function supportLine(shop: LinkPageShop, words: LinkPageWords): string {
  if (!shop.support) return '';
  const href =
    shop.support.includes('@') && !shop.support.startsWith('https:')
      ? `mailto:${shop.support}`
      : shop.support;
  return `<p class="link__support">${words.support} <a href="${escapeHtml(href)}">${escapeHtml(shop.support)}</a></p>`;
}

/** What the link costs, in words: the total, or "an amount of your choice". */
export function linkPriceText(link: PaymentLinkRow, words: LinkPageWords): string {
  return link.customAmount ? words.chooseAmount : brl(linkTotal(link));
}

function linkTotal(link: PaymentLinkRow): number {
  return (
    (link.items ?? []).reduce((sum, item) => sum + item.unit_price * item.quantity, 0) +
    (link.shippingFee ?? 0)
  );
}

/** The tags of a link's page: its title, price and description, its preview image (`/l/{code}/preview.png`). */
export function linkPageMeta(
  link: PaymentLinkRow,
  shop: LinkPageShop,
  words: LinkPageWords,
  urls: { page: string; image: string },
): LinkPageMeta {
  const price = linkPriceText(link, words);
  const description = [price, link.description ?? words.ogDescription(shop.name)].join(' · ');
  return {
    title: link.title,
    description,
    url: urls.page,
    siteName: shop.name,
    image: {
      url: urls.image,
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      alt: `${link.title} · ${price} · ${shop.name}`,
    },
    price: link.customAmount ? undefined : { amount: (linkTotal(link) / 100).toFixed(2) },
  };
}

export interface ActivePageInput {
  link: PaymentLinkRow;
  shop: LinkPageShop;
  /** Open Graph tags (the GET of the page; a refused POST's page needs none). */
  meta?: (words: LinkPageWords) => LinkPageMeta;
  /** What the shopper typed, shown again with the error after a refused POST. */
  typed?: { amount?: string; quantity?: string };
  error?: 'amount' | 'quantity';
  /** The query's pre-fill fields and signature, carried through the form (checked again on POST). */
  prefill: URLSearchParams;
  /** Inside a shop's frame: carried through the form, and the page tells the shop it is ready. */
  embed?: LinkEmbed;
  /** BOLETO_ENABLED now (server/env.ts): the page names only the methods the checkout will offer. */
  boletoOn: boolean;
}

function orderLines(link: PaymentLinkRow, words: LinkPageWords): string {
  const items = link.items ?? [];
  const rows = items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.title)}${!link.quantity && item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${brl(item.unit_price * (link.quantity ? 1 : item.quantity))}</span></li>`,
    )
    .join('');
  const delivery =
    link.shippingFee !== null && link.shippingFee > 0
      ? `<li><span>${words.delivery}</span><span>${brl(link.shippingFee)}</span></li>`
      : '';
  const total =
    items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0) + (link.shippingFee ?? 0);
  const totalLine = link.quantity
    ? ''
    : `<p class="link__total"><span>${words.total}</span> <strong>${brl(total)}</strong></p>`;
  return `<ul class="link__items">${rows}${delivery}</ul>${totalLine}`;
}

/** The page of an active link: its order (or the amount field), the quantity when adjustable, "Continue". */
export function activeLinkPage(input: ActivePageInput): string {
  const { link, embed } = input;
  const words = wordsFor(link, embed, input.shop.locale);
  const settings = readSettings(link.settings);
  const names = offeredMethods(settings, input.boletoOn).map((method) => words.methods[method]);
  // "cartão de crédito, PIX ou boleto"
  const methods = [names.slice(0, -1).join(', '), names.at(-1)].filter(Boolean).join(words.and);
  let fields = '';
  if (link.customAmount) {
    const min = brl(link.customAmount.min);
    const max = brl(link.customAmount.max);
    const invalid = input.error === 'amount';
    const value =
      input.typed?.amount ??
      (link.customAmount.preset !== undefined
        ? (link.customAmount.preset / 100).toFixed(2).replace('.', ',')
        : '');
    fields += `<div class="link__field">
<label for="amount">${words.amountLabel}</label>
<div class="link__money"><span aria-hidden="true">R$</span><input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${escapeHtml(value)}" aria-describedby="amount-hint${invalid ? ' amount-error' : ''}"${invalid ? ' aria-invalid="true" autofocus' : ''}></div>
<p id="amount-hint" class="link__hint">${words.amountHint(min, max)}</p>
${invalid ? `<p id="amount-error" class="link__error" role="alert">${words.amountError(min, max)}</p>` : ''}
</div>`;
  }
  if (link.quantity) {
    const invalid = input.error === 'quantity';
    const item = link.items?.[0];
    const start = Math.max(link.quantity.min, Math.min(link.quantity.max, item?.quantity ?? 1));
    fields += `<div class="link__field">
<label for="quantity">${words.quantityLabel}</label>
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="${link.quantity.min}" max="${link.quantity.max}" step="1" required value="${escapeHtml(input.typed?.quantity ?? String(start))}"${invalid ? ' aria-invalid="true" aria-describedby="quantity-error" autofocus' : ''}>
${invalid ? `<p id="quantity-error" class="link__error" role="alert">${words.quantityError(link.quantity.min, link.quantity.max)}</p>` : ''}
</div>`;
  }
  const hidden = [...PREFILL_FIELDS, 'sig' as const]
    .map((name) => {
      const value = input.prefill.get(name);
      return value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    })
    .join('');
  const body = `<main class="link">
${merchantLine(input.shop)}
<h1>${escapeHtml(link.title)}</h1>
${link.description ? `<p class="link__description">${escapeHtml(link.description)}</p>` : ''}
${link.customAmount ? '' : orderLines(link, words)}
<form method="post" action="/l/${escapeHtml(link.code)}" class="link__form">
${fields}${hidden}${embed ? embedFormFields(embed, escapeHtml) : ''}
<button type="submit" class="link__button">${words.continue}</button>
</form>
<p class="link__methods">${words.payWith(methods)}</p>
${supportLine(input.shop, words)}
</main>`;
  return page(words, `${link.title} · ${input.shop.name}`, body, {
    shop: input.shop,
    ...(embed ? { embed } : {}),
    ...(input.meta ? { meta: input.meta(words) } : {}),
  });
}

/** Inactive, expired or used up: a page, not an error — the merchant's message, or a useful default. */
export function closedLinkPage(
  link: PaymentLinkRow,
  status: Exclude<PaymentLinkStatus, 'active'>,
  shop: LinkPageShop,
  embed?: LinkEmbed,
): string {
  const words = wordsFor(link, embed, shop.locale);
  const body = `<main class="link link--closed">
${merchantLine(shop)}
<h1>${words.closedTitle[status]}</h1>
<p class="link__subject">${escapeHtml(link.title)}</p>
<p class="link__message">${escapeHtml(link.inactiveMessage ?? words.closedDefault)}</p>
${supportLine(shop, words)}
</main>`;
  return page(words, `${words.closedTitle[status]} · ${shop.name}`, body, {
    shop,
    ...(embed ? { embed } : {}),
  });
}

export function notFoundLinkPage(shop: LinkPageShop): string {
  const words = LINK_PAGE_WORDS[shop.locale];
  const body = `<main class="link link--closed">
${merchantLine(shop)}
<h1>${words.notFoundTitle}</h1>
<p class="link__message">${words.notFoundText}</p>
${supportLine(shop, words)}
</main>`;
  return page(words, words.notFoundTitle, body, { shop });
}

/** After paying ("back to the shop" of a link whose `after_payment` is a message). */
export function thanksPage(
  link: PaymentLinkRow,
  paid: boolean,
  shop: LinkPageShop,
  sessionId: string | undefined,
): string {
  const words = wordsFor(link, undefined, shop.locale);
  const after = readSettings(link.settings).afterPayment;
  const message = after && 'message' in after ? after.message : '';
  const body = paid
    ? `<main class="link link--thanks">
${merchantLine(shop)}
<h1>${words.thanksTitle}</h1>
<p class="link__subject">${escapeHtml(link.title)}</p>
${message ? `<p class="link__message">${escapeHtml(message)}</p>` : ''}
${supportLine(shop, words)}
</main>`
    : `<main class="link">
${merchantLine(shop)}
<h1>${escapeHtml(link.title)}</h1>
<p class="link__message">${words.thanksPending}</p>
${sessionId ? `<p><a href="/pay/${escapeHtml(sessionId)}">${words.backToPayment}</a></p>` : ''}
${supportLine(shop, words)}
</main>`;
  return page(words, `${paid ? words.thanksTitle : link.title} · ${shop.name}`, body, { shop });
}

/**
 * The printable sheet: title, price and the QR code on one A6 page (`@page { size: A6 }` in the styles),
 * the address under it, and — on screen only — Print and Share (the Web Share API, where the phone has it).
 */
export function printableLinkPage(
  link: PaymentLinkRow,
  url: string,
  qrSvg: string,
  shop: LinkPageShop,
): string {
  const words = wordsFor(link, undefined, shop.locale);
  const price = linkPriceText(link, words);
  const body = `<main class="sheet">
${merchantLine(shop)}
<h1 class="sheet__title">${escapeHtml(link.title)}</h1>
<p class="sheet__price">${escapeHtml(price)}</p>
<div class="sheet__qr">${qrSvg}</div>
<p class="sheet__hint">${words.printHint}</p>
<p class="sheet__url">${escapeHtml(url)}</p>
<div class="sheet__actions">
<button type="button" class="link__button" data-print>${words.print}</button>
<button type="button" class="link__button link__button--secondary" data-share data-url="${escapeHtml(url)}" data-title="${escapeHtml(link.title)}" hidden>${words.share}</button>
</div>
</main>`;
  return page(words, `${words.printTitle} · ${link.title}`, body, { script: true, shop });
}
