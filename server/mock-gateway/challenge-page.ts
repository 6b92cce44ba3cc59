import type { StoredTransaction } from '../../mock-core/store.ts';
import { BANK_TEXT, type BankLocale, type BankText } from './challenge-text.ts';

/** Everything interpolated into the page goes through this: the page holds gateway data only. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A real bank only sends the shopper back to web addresses; so does this one. */
export function isWebUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function frame(locale: BankLocale, text: BankText, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(text.bank)}</title>
<link rel="stylesheet" href="bank.css">
</head>
<body>
<header class="bank-header"><span class="bank-logo" aria-hidden="true">BE</span><span>${escapeHtml(text.bank)}</span><span class="bank-secure">${escapeHtml(text.secure)}</span></header>
<main id="main">
<p class="bank-notice">${escapeHtml(text.notice)}</p>
${body}
</main>
</body>
</html>
`;
}

export function unknownChallengePage(locale: BankLocale): string {
  const text = BANK_TEXT[locale];
  return frame(
    locale,
    text,
    text.unknownTitle,
    `<h1>${escapeHtml(text.unknownTitle)}</h1>\n<p>${escapeHtml(text.unknownBody)}</p>`,
  );
}

export function answeredChallengePage(locale: BankLocale, back: string | undefined): string {
  const text = BANK_TEXT[locale];
  const link = isWebUrl(back)
    ? `\n<p><a href="${escapeHtml(back)}">${escapeHtml(text.backToStore)}</a></p>`
    : '';
  return frame(
    locale,
    text,
    text.doneTitle,
    `<h1>${escapeHtml(text.doneTitle)}</h1>\n<p>${escapeHtml(text.doneBody)}</p>${link}`,
  );
}

function formatAmount(cents: number, locale: BankLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

/** The challenge: a plain form (no script), so it works under any CSP and with the keyboard alone. */
export function challengePage(
  locale: BankLocale,
  token: string,
  stored: StoredTransaction,
  frictionless: boolean,
  merchantName = 'LOJA EXEMPLO',
): string {
  const text = BANK_TEXT[locale];
  const { transaction } = stored;
  const card = transaction.card;
  const cardLabel = `${card?.brand ?? ''} •••• ${card?.card_last_digits ?? ''}`.trim();
  const body = `<h1>${escapeHtml(text.title)}</h1>
<dl class="bank-details">
<dt>${escapeHtml(text.merchant)}</dt><dd>${escapeHtml(merchantName)}</dd>
<dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(formatAmount(transaction.amount, locale))}</dd>
<dt>${escapeHtml(text.card)}</dt><dd>${escapeHtml(cardLabel)}</dd>
</dl>
<p id="bank-intro">${escapeHtml(frictionless ? text.frictionless : text.intro)}</p>
<form method="post" action="challenge" aria-describedby="bank-intro">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="bank-actions">
<button type="submit" name="decision" value="approve" class="bank-primary">${escapeHtml(text.approve)}</button>
<button type="submit" name="decision" value="decline">${escapeHtml(text.decline)}</button>
<button type="submit" name="decision" value="cancel">${escapeHtml(text.cancel)}</button>
</div>
</form>`;
  return frame(locale, text, text.title, body);
}

export const BANK_CSS = `:root{color-scheme:light;font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a2e;background:#f4f5f9}
body{margin:0}
.bank-header{display:flex;gap:.75rem;align-items:center;padding:1rem 1.5rem;background:#0b3d91;color:#fff;font-weight:600}
.bank-logo{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:#fff;color:#0b3d91}
.bank-secure{margin-left:auto;font-weight:400;font-size:.875rem}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgb(0 0 0 / 15%)}
.bank-notice{font-size:.875rem;color:#4a4a5a;background:#fff6d6;padding:.5rem .75rem;border-radius:.25rem}
.bank-details{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
.bank-details dt{font-weight:600}
.bank-details dd{margin:0}
.bank-actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;padding:.625rem 1.25rem;border-radius:.375rem;border:2px solid #0b3d91;background:#fff;color:#0b3d91;cursor:pointer;min-height:44px}
button.bank-primary{background:#0b3d91;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #e87722;outline-offset:2px}
a{color:#0b3d91}
`;
