/**
 * A payment's status as a person reads it, the same in the console's pages and in its CSV export (the server
 * writes the export's words, the browser the pages'): one list, so the two never disagree.
 */

/** The two languages of the console and its exports (the browser's `Locale`, spelled here for the server too). */
export type WordsLocale = 'pt-BR' | 'en';

export interface RefundFacts {
  status: string;
  captured_amount: number;
  refunded_amount: number;
}

/**
 * The status shown for a payment. The gateway keeps a card payment `paid` after a partial refund (and a PIX one
 * goes back to `paid` once a partial refund ends): shown as "paid", a payment with money given back would look
 * untouched. So a paid payment with some refunded is `partially_refunded`, one with all of it `refunded`.
 */
export function shownPaymentStatus(payment: RefundFacts): string {
  if (payment.status !== 'paid' || payment.refunded_amount <= 0) return payment.status;
  return payment.refunded_amount >= payment.captured_amount ? 'refunded' : 'partially_refunded';
}

/** Every status word of payments, operations and deliveries; an unknown one shows as the API wrote it. */
const STATUS_WORDS: Record<WordsLocale, Record<string, string>> = {
  'pt-BR': {
    paid: 'Pago',
    authorized: 'Autorizado',
    refunded: 'Reembolsado',
    partially_refunded: 'Parcialmente reembolsado',
    pending_refund: 'Reembolso pendente',
    waiting_payment: 'Aguardando pagamento',
    processing: 'Processando',
    refused: 'Recusado',
    failed: 'Falhou',
    canceled: 'Cancelado',
    chargedback: 'Estornado',
    expired: 'Expirado',
    sending: 'Enviando',
    unknown: 'Verificando',
    rejected: 'Rejeitado',
    withdrawn: 'Retirado',
    // Capture and refund operations.
    pending: 'Pendente',
    succeeded: 'Concluído',
    // Deliveries of events.
    delivered: 'Entregue',
    // Installments at the gateway.
    waiting_funds: 'A receber',
  },
  en: {
    paid: 'Paid',
    authorized: 'Authorised',
    refunded: 'Refunded',
    partially_refunded: 'Partly refunded',
    pending_refund: 'Refund pending',
    waiting_payment: 'Waiting for payment',
    processing: 'Processing',
    refused: 'Refused',
    failed: 'Failed',
    canceled: 'Canceled',
    chargedback: 'Charged back',
    expired: 'Expired',
    sending: 'Sending',
    unknown: 'Checking',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
    pending: 'Pending',
    succeeded: 'Succeeded',
    delivered: 'Delivered',
    waiting_funds: 'To be paid out',
  },
};

export function statusWord(status: string, locale: WordsLocale): string {
  return STATUS_WORDS[locale][status] ?? status;
}
