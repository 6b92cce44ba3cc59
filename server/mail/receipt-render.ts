import type { StoredMail } from '../db/rows.ts';
import type { ReceiptKind } from './mail-kinds.ts';
import {
  buttonLink,
  escapeHtml,
  factRow,
  factTable,
  mailLayout,
  supportHref,
  type MailShop,
} from './mail-layout.ts';
import { headerText } from './mail-address.ts';
import { day, money, RECEIPT_WORDS, when, type MailLocale } from './receipt-words.ts';

/** What a receipt says: no card number beyond brand and last four, no CPF, nothing the shopper did not see. */
export interface ReceiptFacts {
  kind: ReceiptKind;
  locale: MailLocale;
  timeZone: string;
  shop: MailShop;
  /** The merchant's order reference. */
  reference: string;
  /** The gateway's reference the shopper saw on the result page ("Referência"), when it gave one. */
  gatewayRef: string | null;
  items: { title: string; quantity: number; unitPrice: number }[];
  shippingFee: number | null;
  /** The order's amount. */
  orderAmount: number;
  /** What the shopper pays (fees included when they pay them). */
  paidAmount: number;
  installments: number;
  method: 'credit_card' | 'pix' | 'boleto';
  card: { brand: string; last4: string } | null;
  /** When it happened (the event). */
  at: Date;
  pix: { code: string; expiresAt: string | null } | null;
  boleto: { line: string; dueDate: string | null; pdfUrl: string | null } | null;
  /** This refund's amount, the total refunded so far and the amount paid. */
  refund: { now: number; refunded: number; of: number } | null;
  paymentUrl: string;
}

function itemsTable(facts: ReceiptFacts): string {
  const w = RECEIPT_WORDS[facts.locale];
  const cell = 'padding:6px 4px;border-bottom:1px solid #e4e4e7;vertical-align:top';
  const rows = facts.items.map(
    (item) =>
      `<tr><td style="${cell}">${escapeHtml(item.title)}</td><td align="right" style="${cell}">${item.quantity}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(money(item.unitPrice * item.quantity, facts.locale))}</td></tr>`,
  );
  if (facts.shippingFee !== null)
    rows.push(
      `<tr><td style="${cell}" colspan="2">${escapeHtml(w.shipping)}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(money(facts.shippingFee, facts.locale))}</td></tr>`,
    );
  rows.push(
    `<tr><th scope="row" align="left" colspan="2" style="padding:6px 4px">${escapeHtml(w.total)}</th><td align="right" style="padding:6px 4px;font-weight:bold;white-space:nowrap">${escapeHtml(money(facts.orderAmount, facts.locale))}</td></tr>`,
  );
  const head = `<tr><th scope="col" align="left" style="padding:6px 4px;font-size:13px;color:#52525b">${escapeHtml(w.item)}</th><th scope="col" align="right" style="padding:6px 4px;font-size:13px;color:#52525b">${escapeHtml(w.quantity)}</th><th scope="col" align="right" style="padding:6px 4px;font-size:13px;color:#52525b">${escapeHtml(w.price)}</th></tr>`;
  return `<table width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px 0;border-collapse:collapse;font-size:15px">${head}${rows.join('')}</table>`;
}

/** The facts of the mail, label and value, in the order both bodies show them. */
function factsOf(facts: ReceiptFacts): { label: string; value: string; mono?: 'code' | 'groups' }[] {
  const w = RECEIPT_WORDS[facts.locale];
  const list: { label: string; value: string; mono?: 'code' | 'groups' }[] = [];
  const method =
    facts.method === 'credit_card' && facts.card
      ? w.card(facts.card.brand, facts.card.last4)
      : facts.method === 'pix'
        ? w.pix
        : facts.method === 'boleto'
          ? w.boleto
          : '';
  if (facts.kind === 'refund' && facts.refund) {
    list.push({ label: w.refunded, value: money(facts.refund.now, facts.locale) });
    if (facts.refund.refunded !== facts.refund.now)
      list.push({
        label: w.refundedSoFar,
        value: w.refundedTotal(
          money(facts.refund.refunded, facts.locale),
          money(facts.refund.of, facts.locale),
        ),
      });
    if (method) list.push({ label: w.refundTo, value: method });
  } else {
    const each = Math.round(facts.paidAmount / facts.installments);
    const issued = facts.kind === 'pix_issued' || facts.kind === 'boleto_issued';
    list.push({
      label: issued ? w.toPay : w.youPay,
      value:
        facts.installments > 1
          ? `${money(facts.paidAmount, facts.locale)} (${w.installments(facts.installments, money(each, facts.locale))})`
          : money(facts.paidAmount, facts.locale),
    });
    if (method) list.push({ label: w.paidWith, value: method });
  }
  list.push({ label: w.date, value: when(facts.at, facts.locale, facts.timeZone) });
  list.push({ label: w.order, value: facts.reference });
  if (facts.gatewayRef) list.push({ label: w.reference, value: facts.gatewayRef });
  if (facts.kind === 'pix_issued' && facts.pix) {
    list.push({ label: w.pixCode, value: facts.pix.code, mono: 'code' });
    if (facts.pix.expiresAt) list.push({ label: w.pixExpires, value: facts.pix.expiresAt });
  }
  if (facts.kind === 'boleto_issued' && facts.boleto) {
    list.push({ label: w.boletoLine, value: facts.boleto.line, mono: 'groups' });
    if (facts.boleto.dueDate)
      list.push({ label: w.boletoDue, value: day(facts.boleto.dueDate, facts.locale) });
  }
  return list;
}

/** A shopper's receipt: subject, plain text and HTML (the same facts in both). */
export function renderReceipt(facts: ReceiptFacts): StoredMail {
  const w = RECEIPT_WORDS[facts.locale];
  const subject = headerText(w.subject[facts.kind](facts.shop.name));
  const list = factsOf(facts);
  const pdf = facts.kind === 'boleto_issued' ? facts.boleto?.pdfUrl : null;
  const support = facts.shop.support;
  const body = [
    factTable(list.map((fact) => factRow(fact.label, fact.value, fact.mono ? { mono: fact.mono } : {}))),
    facts.kind === 'refund' ? '' : itemsTable(facts),
    pdf ? buttonLink(pdf, w.boletoPdf, facts.shop.color) : '',
    buttonLink(facts.paymentUrl, w.viewPayment, facts.shop.color),
  ].join('\n');
  const footer = [
    support
      ? `<p style="margin:0 0 8px 0">${escapeHtml(w.help)}: <a href="${escapeHtml(supportHref(support))}" style="color:#18181b">${escapeHtml(support)}</a></p>`
      : '',
    `<p style="margin:0">${escapeHtml(w.noReply)}</p>`,
  ].join('');
  const html = mailLayout({
    lang: facts.locale,
    shop: facts.shop,
    preheader: w.intro[facts.kind],
    heading: w.heading[facts.kind],
    intro: w.intro[facts.kind],
    body,
    footer,
  });
  const text = [
    facts.shop.name,
    '',
    w.heading[facts.kind],
    w.intro[facts.kind],
    '',
    ...list.map((fact) => `${fact.label}: ${fact.value}`),
    ...(facts.kind === 'refund'
      ? []
      : [
          '',
          ...facts.items.map(
            (item) =>
              `${item.quantity} × ${item.title} — ${money(item.unitPrice * item.quantity, facts.locale)}`,
          ),
          ...(facts.shippingFee === null
            ? []
            : [`${w.shipping} — ${money(facts.shippingFee, facts.locale)}`]),
          `${w.total} — ${money(facts.orderAmount, facts.locale)}`,
        ]),
    '',
    ...(pdf ? [`${w.boletoPdf}: ${pdf}`] : []),
    `${w.viewPayment}: ${facts.paymentUrl}`,
    ...(support ? ['', `${w.help}: ${support}`] : []),
    '',
    w.noReply,
    '',
  ].join('\n');
  return { subject, text, html, logo: facts.shop.logo !== undefined };
}
