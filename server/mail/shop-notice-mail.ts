import type { StoredMail } from '../db/rows.ts';
import { headerText } from './mail-address.ts';
import { buttonLink, escapeHtml, factRow, factTable, mailLayout, type MailShop } from './mail-layout.ts';

/** The shop's names for its payment methods, in the console's language (English). */
export const METHOD_NAMES: Record<string, string> = { credit_card: 'Card', pix: 'PIX', boleto: 'Boleto' };

/** One line of a notice's table: the same words in the HTML table and in the plain-text part. */
export interface NoticeFact {
  label: string;
  value: string;
}

/** What every e-mail to the shop's console users holds: a sale's notice and the daily summary alike. */
export interface ShopNoticeParts {
  shop: MailShop;
  subject: string;
  heading: string;
  intro: string;
  facts: readonly NoticeFact[];
  /** A paragraph after the facts, if any. */
  note?: string;
  consoleUrl: string;
  consoleLabel: string;
  /** One click turns this e-mail off for this user (also `List-Unsubscribe`). */
  unsubscribeUrl: string;
}

/**
 * The HTML and plain-text parts of an e-mail to the shop's users, written once: the facts as a table and as
 * `label: value` lines, the console's button, and the one-click unsubscribe footer.
 */
export function shopNoticeMail(parts: ShopNoticeParts): StoredMail {
  const footer = `<p style="margin:0">You get this because of your notice settings in the console. <a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#18181b">Stop these e-mails</a> (one click).</p>`;
  const html = mailLayout({
    lang: 'en',
    shop: parts.shop,
    preheader: parts.intro,
    heading: parts.heading,
    intro: parts.intro,
    body: [
      factTable(parts.facts.map((fact) => factRow(fact.label, fact.value))),
      ...(parts.note ? [`<p style="margin:16px 0 0 0">${escapeHtml(parts.note)}</p>`] : []),
      buttonLink(parts.consoleUrl, parts.consoleLabel, parts.shop.color),
    ].join('\n'),
    footer,
  });
  const text = [
    parts.shop.name,
    '',
    parts.heading,
    parts.intro,
    '',
    ...parts.facts.map((fact) => `${fact.label}: ${fact.value}`),
    ...(parts.note ? ['', parts.note] : []),
    '',
    `${parts.consoleLabel}: ${parts.consoleUrl}`,
    '',
    `Stop these e-mails: ${parts.unsubscribeUrl}`,
    '',
  ].join('\n');
  return {
    subject: headerText(parts.subject),
    text,
    html,
    logo: parts.shop.logo !== undefined,
    unsubscribeUrl: parts.unsubscribeUrl,
  };
}
