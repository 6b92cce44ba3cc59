import type { PaymentLinkStatus } from '../../contract/payment-links/payment-link.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { embedBodyAttributes, embedFormFields, type LinkEmbed } from './link-embed.ts';
import { offeredMethods, readSettings } from './link-settings.ts';
import { LINK_PAGE_WORDS, type LinkPageWords } from './link-page-words.ts';
import { brl } from './money-text.ts';
import { PREFILL_FIELDS } from './prefill-signature.ts';

/**
 * The shopper's link pages, server-rendered HTML with no script (the share button's small file aside):
 * they load nothing of the checkout's bundle, work without JavaScript and fit a 360 px phone. The styles
 * are a file of their own (`/l/link-page.css`): the CSP allows no inline style.
 */

export const LINK_PAGE_CSS_PATH = '/l/link-page.css';
export const LINK_SHARE_JS_PATH = '/l/link-share.js';
export const LINK_EMBED_JS_PATH = '/l/link-embed.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The link's language, unless the shop that frames it asked for another. */
export function wordsFor(link: PaymentLinkRow | undefined, embed?: LinkEmbed): LinkPageWords {
  const locale = embed?.lang ?? (link ? readSettings(link.settings).locale : null);
  return locale === 'en' ? LINK_PAGE_WORDS.en : LINK_PAGE_WORDS['pt-BR'];
}

function page(
  words: LinkPageWords,
  title: string,
  body: string,
  options: { script?: boolean; embed?: LinkEmbed } = {},
): string {
  return `<!doctype html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${LINK_PAGE_CSS_PATH}">
${options.script ? `<script src="${LINK_SHARE_JS_PATH}" defer></script>` : ''}
${options.embed ? `<script src="${LINK_EMBED_JS_PATH}" defer></script>` : ''}
</head>
<body${options.embed ? embedBodyAttributes(options.embed, escapeHtml) : ''}>
${body}
</body>
</html>`;
}

function merchantLine(shopName: string): string {
  return `<p class="link__merchant">${escapeHtml(shopName)}</p>`;
}

export interface ActivePageInput {
  link: PaymentLinkRow;
  shopName: string;
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
  const words = wordsFor(link, embed);
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
${merchantLine(input.shopName)}
<h1>${escapeHtml(link.title)}</h1>
${link.description ? `<p class="link__description">${escapeHtml(link.description)}</p>` : ''}
${link.customAmount ? '' : orderLines(link, words)}
<form method="post" action="/l/${escapeHtml(link.code)}" class="link__form">
${fields}${hidden}${embed ? embedFormFields(embed, escapeHtml) : ''}
<button type="submit" class="link__button">${words.continue}</button>
</form>
<p class="link__methods">${words.payWith(methods)}</p>
</main>`;
  return page(words, `${link.title} · ${input.shopName}`, body, embed ? { embed } : {});
}

/** Inactive, expired or used up: a page, not an error — the merchant's message, or a useful default. */
export function closedLinkPage(
  link: PaymentLinkRow,
  status: Exclude<PaymentLinkStatus, 'active'>,
  shopName: string,
  embed?: LinkEmbed,
): string {
  const words = wordsFor(link, embed);
  const body = `<main class="link link--closed">
${merchantLine(shopName)}
<h1>${words.closedTitle[status]}</h1>
<p class="link__subject">${escapeHtml(link.title)}</p>
<p class="link__message">${escapeHtml(link.inactiveMessage ?? words.closedDefault)}</p>
</main>`;
  return page(words, `${words.closedTitle[status]} · ${shopName}`, body, embed ? { embed } : {});
}

export function notFoundLinkPage(shopName: string): string {
  const words = LINK_PAGE_WORDS['pt-BR'];
  const body = `<main class="link link--closed">
${merchantLine(shopName)}
<h1>${words.notFoundTitle}</h1>
<p class="link__message">${words.notFoundText}</p>
</main>`;
  return page(words, words.notFoundTitle, body);
}

/** After paying ("back to the shop" of a link whose `after_payment` is a message). */
export function thanksPage(
  link: PaymentLinkRow,
  paid: boolean,
  shopName: string,
  sessionId: string | undefined,
): string {
  const words = wordsFor(link);
  const after = readSettings(link.settings).afterPayment;
  const message = after && 'message' in after ? after.message : '';
  const body = paid
    ? `<main class="link link--thanks">
${merchantLine(shopName)}
<h1>${words.thanksTitle}</h1>
<p class="link__subject">${escapeHtml(link.title)}</p>
${message ? `<p class="link__message">${escapeHtml(message)}</p>` : ''}
</main>`
    : `<main class="link">
${merchantLine(shopName)}
<h1>${escapeHtml(link.title)}</h1>
<p class="link__message">${words.thanksPending}</p>
${sessionId ? `<p><a href="/pay/${escapeHtml(sessionId)}">${words.backToPayment}</a></p>` : ''}
</main>`;
  return page(words, `${paid ? words.thanksTitle : link.title} · ${shopName}`, body);
}

/**
 * The printable sheet: title, price and the QR code on one A6 page (`@page { size: A6 }` in the styles),
 * the address under it, and — on screen only — Print and Share (the Web Share API, where the phone has it).
 */
export function printableLinkPage(
  link: PaymentLinkRow,
  url: string,
  qrSvg: string,
  shopName: string,
): string {
  const words = wordsFor(link);
  const price = link.customAmount
    ? words.chooseAmount
    : brl(
        (link.items ?? []).reduce((sum, item) => sum + item.unit_price * item.quantity, 0) +
          (link.shippingFee ?? 0),
      );
  const body = `<main class="sheet">
${merchantLine(shopName)}
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
  return page(words, `${words.printTitle} · ${link.title}`, body, { script: true });
}
