import type { LOCALES } from '../../contract/order-values.ts';
import type { ReceiptKind } from './mail-kinds.ts';

export type MailLocale = (typeof LOCALES)[number];

interface ReceiptWords {
  subject: Record<ReceiptKind, (shop: string) => string>;
  heading: Record<ReceiptKind, string>;
  intro: Record<ReceiptKind, string>;
  item: string;
  quantity: string;
  price: string;
  shipping: string;
  total: string;
  youPay: string;
  /** A PIX code or boleto issued and not paid yet: what it asks for. */
  toPay: string;
  installments: (count: number, each: string) => string;
  card: (brand: string, last4: string) => string;
  paidWith: string;
  date: string;
  reference: string;
  order: string;
  pixCode: string;
  pixExpires: string;
  boletoLine: string;
  boletoDue: string;
  boletoPdf: string;
  refunded: string;
  refundTo: string;
  refundedSoFar: string;
  refundedTotal: (refunded: string, of: string) => string;
  pix: string;
  boleto: string;
  viewPayment: string;
  help: string;
  noReply: string;
}

/** Every word of a shopper's receipt, in the session's language. */
export const RECEIPT_WORDS: Record<MailLocale, ReceiptWords> = {
  'pt-BR': {
    subject: {
      card_approved: (shop) => `Pagamento aprovado — ${shop}`,
      pix_issued: (shop) => `Seu código PIX — ${shop}`,
      pix_paid: (shop) => `PIX recebido — ${shop}`,
      boleto_issued: (shop) => `Seu boleto — ${shop}`,
      boleto_paid: (shop) => `Boleto pago — ${shop}`,
      refund: (shop) => `Reembolso — ${shop}`,
    },
    heading: {
      card_approved: 'Pagamento aprovado',
      pix_issued: 'Seu código PIX',
      pix_paid: 'PIX recebido',
      boleto_issued: 'Seu boleto',
      boleto_paid: 'Boleto pago',
      refund: 'Reembolso feito',
    },
    intro: {
      card_approved: 'Recebemos seu pagamento. Guarde este e-mail como comprovante.',
      pix_issued: 'Pague com o código abaixo (PIX copia e cola) no app do seu banco antes que ele expire.',
      pix_paid: 'Recebemos seu PIX. Guarde este e-mail como comprovante.',
      boleto_issued: 'Pague o boleto pela linha digitável ou pelo PDF até o vencimento.',
      boleto_paid: 'O banco confirmou o pagamento do seu boleto. Guarde este e-mail como comprovante.',
      refund: 'Devolvemos o valor abaixo. Ele aparece na fatura do cartão ou na conta em alguns dias.',
    },
    item: 'Item',
    quantity: 'Qtd.',
    price: 'Valor',
    shipping: 'Entrega',
    total: 'Total',
    youPay: 'Você paga',
    toPay: 'Valor a pagar',
    installments: (count, each) => `${count}x de ${each}`,
    card: (brand, last4) => `Cartão ${brand} final ${last4}`,
    paidWith: 'Forma de pagamento',
    date: 'Data',
    reference: 'Referência',
    order: 'Pedido',
    pixCode: 'Código PIX (copia e cola)',
    pixExpires: 'Válido até',
    boletoLine: 'Linha digitável',
    boletoDue: 'Vencimento',
    boletoPdf: 'Abrir o boleto (PDF)',
    refunded: 'Valor devolvido',
    refundTo: 'Devolvido para',
    refundedSoFar: 'Total devolvido',
    refundedTotal: (refunded, of) => `${refunded} de ${of}`,
    pix: 'PIX',
    boleto: 'Boleto',
    viewPayment: 'Ver o pagamento',
    help: 'Dúvidas? Fale com a loja',
    noReply: 'Este e-mail foi enviado pela loja acima sobre um pagamento feito com este endereço.',
  },
  en: {
    subject: {
      card_approved: (shop) => `Payment approved — ${shop}`,
      pix_issued: (shop) => `Your PIX code — ${shop}`,
      pix_paid: (shop) => `PIX received — ${shop}`,
      boleto_issued: (shop) => `Your boleto — ${shop}`,
      boleto_paid: (shop) => `Boleto paid — ${shop}`,
      refund: (shop) => `Refund — ${shop}`,
    },
    heading: {
      card_approved: 'Payment approved',
      pix_issued: 'Your PIX code',
      pix_paid: 'PIX received',
      boleto_issued: 'Your boleto',
      boleto_paid: 'Boleto paid',
      refund: 'Refund made',
    },
    intro: {
      card_approved: 'We received your payment. Keep this e-mail as your receipt.',
      pix_issued: 'Pay with the code below (PIX copy and paste) in your bank’s app before it expires.',
      pix_paid: 'We received your PIX. Keep this e-mail as your receipt.',
      boleto_issued: 'Pay the boleto with its digitable line or its PDF by the due date.',
      boleto_paid: 'The bank confirmed your boleto’s payment. Keep this e-mail as your receipt.',
      refund: 'We returned the amount below. It shows on your card statement or account in a few days.',
    },
    item: 'Item',
    quantity: 'Qty',
    price: 'Price',
    shipping: 'Delivery',
    total: 'Total',
    youPay: 'You pay',
    toPay: 'Amount to pay',
    installments: (count, each) => `${count} × ${each}`,
    card: (brand, last4) => `${brand} card ending ${last4}`,
    paidWith: 'Payment method',
    date: 'Date',
    reference: 'Reference',
    order: 'Order',
    pixCode: 'PIX code (copy and paste)',
    pixExpires: 'Valid until',
    boletoLine: 'Digitable line',
    boletoDue: 'Due date',
    boletoPdf: 'Open the boleto (PDF)',
    refunded: 'Amount refunded',
    refundTo: 'Refunded to',
    refundedSoFar: 'Refunded in all',
    refundedTotal: (refunded, of) => `${refunded} of ${of}`,
    pix: 'PIX',
    boleto: 'Boleto',
    viewPayment: 'View the payment',
    help: 'Questions? Contact the shop',
    noReply: 'The shop above sent this e-mail about a payment made with this address.',
  },
};

export function money(cents: number, locale: MailLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

export function when(date: Date, locale: MailLocale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** A `YYYY-MM-DD` date (a boleto's due date) as the reader writes dates; no time zone shift. */
export function day(isoDate: string, locale: MailLocale): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}
