import type { StoredMail } from '../db/rows.ts';
import type { NoticeKind } from './mail-kinds.ts';
import type { MailShop } from './mail-layout.ts';
import { money, when } from './receipt-words.ts';
import { METHOD_NAMES, shopNoticeMail, type NoticeFact } from './shop-notice-mail.ts';

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

export function renderNotice(facts: NoticeFacts): StoredMail {
  const words = WORDS[facts.kind];
  const amount = money(facts.amount, 'en');
  const list: NoticeFact[] =
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
  return shopNoticeMail({
    shop: facts.shop,
    subject: words.subject(amount, facts.reference),
    heading: words.heading,
    intro: words.intro,
    facts: list,
    consoleUrl: facts.consoleUrl,
    consoleLabel: 'Open in the console',
    unsubscribeUrl: facts.unsubscribeUrl,
  });
}
