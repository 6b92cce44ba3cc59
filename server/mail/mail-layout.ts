import { readableOnWhite } from '../shop/brand-color.ts';

/** HTML text: every character that could open markup or end an attribute escaped. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailShop {
  name: string;
  /** `#rrggbb`, made readable on white here. */
  color: string;
  /** An e-mail address or an https: URL. */
  support?: string;
  /** The server has a logo: shown inline (`cid:shop-logo`), never fetched from elsewhere. */
  logo?: { width: number; height: number };
}

/** A link to the shop's support contact: `mailto:` for an address, the URL as is (https only) otherwise. */
export function supportHref(support: string): string {
  return support.startsWith('https://') ? support : `mailto:${support}`;
}

export interface LayoutParts {
  lang: string;
  shop: MailShop;
  /** The first line a mail client shows after the subject. */
  preheader: string;
  heading: string;
  intro: string;
  /** Already escaped markup: rows of facts, buttons. */
  body: string;
  footer: string;
}

/**
 * The one frame of every mail: tables and inline styles (what mail clients render alike), one column that
 * fits a 360 px phone, a real heading and `lang` for screen readers, the shop's colour only on white with AA
 * contrast, and no remote resource of any kind — no tracker can hide in it.
 */
export function mailLayout(parts: LayoutParts): string {
  const color = readableOnWhite(parts.shop.color);
  const logo = parts.shop.logo
    ? `<img src="cid:shop-logo" width="${parts.shop.logo.width}" height="${parts.shop.logo.height}" alt="" style="display:block;border:0;margin:0 0 8px 0">`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(parts.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:4px solid ${color}">
<tr><td style="padding:24px 20px 8px 20px">
${logo}<p style="margin:0;font-size:14px;color:#52525b">${escapeHtml(parts.shop.name)}</p>
<h1 style="margin:8px 0 8px 0;font-size:22px;line-height:1.3;color:#18181b">${escapeHtml(parts.heading)}</h1>
<p style="margin:0 0 16px 0">${escapeHtml(parts.intro)}</p>
</td></tr>
<tr><td style="padding:0 20px 24px 20px">
${parts.body}
</td></tr>
<tr><td style="padding:16px 20px 24px 20px;border-top:1px solid #e4e4e7;font-size:13px;color:#52525b">
${parts.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * A row of label and value (a definition in a table; read in order by screen readers). `mono`: a code in a fixed
 * font that wraps to fit a phone — anywhere (`code`: a PIX code, one long word) or between its groups first
 * (`groups`: a boleto's digitable line, whose groups of digits are read and typed one by one).
 */
export function factRow(label: string, value: string, options: { mono?: 'code' | 'groups' } = {}): string {
  // A long word (a URL, an e-mail, a reference) wraps anywhere rather than widen the mail past a phone's width.
  const font = options.mono
    ? `font-family:Consolas,Menlo,monospace;${options.mono === 'code' ? 'word-break:break-all;' : ''}`
    : '';
  return `<tr><th scope="row" align="left" style="padding:6px 8px 6px 0;font-weight:normal;color:#52525b;vertical-align:top;font-size:14px">${escapeHtml(label)}</th><td style="padding:6px 0;vertical-align:top;overflow-wrap:anywhere;${font}">${escapeHtml(value)}</td></tr>`;
}

export function factTable(rows: string[]): string {
  return rows.length === 0
    ? ''
    : `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px 0">${rows.join('')}</table>`;
}

/** A link drawn as a button: the shop's colour, white text (AA by readableOnWhite). */
export function buttonLink(href: string, label: string, color: string): string {
  return `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:${readableOnWhite(color)};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}
