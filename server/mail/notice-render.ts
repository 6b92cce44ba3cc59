import type { StoredMail } from '../db/rows.ts';
import { headerText } from './mail-address.ts';
import type { NoticeKind } from './mail-kinds.ts';
import { buttonLink, escapeHtml, factRow, factTable, mailLayout, type MailShop } from './mail-layout.ts';
import { money, when } from './receipt-words.ts';

/** What a notice to the shop says (in English, the console's language). */
export interface NoticeFacts {
  kind: Exclude<NoticeKind, 'daily_summary'>;
  shop: MailShop;
  timeZone: string;
  at: Date;
  reference: string;
  amount: number;
  method: string;
  /** The payer's e-mail as the console shows it (no CPF). */
  payer: string | null;
  /** The console's page of the payment (or of the failing endpoint). */
  consoleUrl: string;
  /** One click turns this notice off for this user (also `List-Unsubscribe`). */
  unsubscribeUrl: string;
  /** `endpoint_failing`: the endpoint and since when. */
  detail?: string;
}

const WORDS: Record<
  NoticeFacts['kind'],
  { subject: (money: string, reference: string) => string; heading: string; intro: string }
> = {
  sale: {
    subject: (amount, reference) => `New sale: ${amount} — ${reference}`,
    heading: 'New sale',
    intro: 'A payment was approved.',
  },
  refund: {
    subject: (amount, reference) => `Refund: ${amount} — ${reference}`,
    heading: 'Refund made',
    intro: 'A payment was refunded.',
  },
  boleto_paid: {
    subject: (amount, reference) => `Boleto paid: ${amount} — ${reference}`,
    heading: 'Boleto paid',
    intro: 'The bank confirmed a boleto’s payment.',
  },
  endpoint_failing: {
    subject: () => 'Events are not reaching your endpoint',
    heading: 'Webhook endpoint failing',
    intro:
      'Deliveries to one of your webhook endpoints have failed for an hour. Events wait and are retried.',
  },
};

const METHOD_NAMES: Record<string, string> = { credit_card: 'Card', pix: 'PIX', boleto: 'Boleto' };

export function renderNotice(facts: NoticeFacts): StoredMail {
  const words = WORDS[facts.kind];
  const amount = money(facts.amount, 'en');
  const subject = headerText(words.subject(amount, facts.reference));
  const list =
    facts.kind === 'endpoint_failing'
      ? [{ label: 'Endpoint', value: facts.detail ?? '' }]
      : [
          { label: 'Amount', value: amount },
          { label: 'Method', value: METHOD_NAMES[facts.method] ?? facts.method },
          { label: 'Order', value: facts.reference },
          ...(facts.payer ? [{ label: 'Payer', value: facts.payer }] : []),
        ];
  list.push({
    label: facts.kind === 'endpoint_failing' ? 'Failing since' : 'Date',
    value: when(facts.at, 'en', facts.timeZone),
  });
  const footer = `<p style="margin:0">You get this because of your notice settings in the console. <a href="${escapeHtml(facts.unsubscribeUrl)}" style="color:#18181b">Stop these e-mails</a> (one click).</p>`;
  const html = mailLayout({
    lang: 'en',
    shop: facts.shop,
    preheader: words.intro,
    heading: words.heading,
    intro: words.intro,
    body: [
      factTable(list.map((fact) => factRow(fact.label, fact.value))),
      buttonLink(facts.consoleUrl, 'Open in the console', facts.shop.color),
    ].join('\n'),
    footer,
  });
  const text = [
    facts.shop.name,
    '',
    words.heading,
    words.intro,
    '',
    ...list.map((fact) => `${fact.label}: ${fact.value}`),
    '',
    `Open in the console: ${facts.consoleUrl}`,
    '',
    `Stop these e-mails: ${facts.unsubscribeUrl}`,
    '',
  ].join('\n');
  return { subject, text, html, logo: facts.shop.logo !== undefined, unsubscribeUrl: facts.unsubscribeUrl };
}
