import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/** The words of a payment's e-mails on its page, both languages (a missing one is a compile error). */
const ptBR = {
  title: 'E-mails',
  none: 'Nenhum e-mail sobre este pagamento.',
  off: 'Nenhum e-mail é enviado: o servidor não tem SMTP_URL. Os compradores não recebem recibos.',
  capture:
    'Desenvolvimento: os e-mails ficam na caixa de correio de desenvolvimento, não saem desta máquina.',
  mailbox: 'Abrir a caixa de correio',
  caption: 'Recibos e avisos deste pagamento',
  colMail: 'E-mail',
  colTo: 'Para',
  colStatus: 'Situação',
  colAnswer: 'Resposta do servidor SMTP',
  resend: 'Reenviar',
  resendLabel: (what: string, to: string) => `Reenviar ${what} para ${to}`,
  resent: (to: string) => `Reenvio para ${to} na fila.`,
  resendFailed: 'O e-mail não pôde ser reenviado agora.',
  tries: (count: number) => (count === 1 ? '1 tentativa' : `${count} tentativas`),
  status: {
    pending: 'Na fila',
    sending: 'Enviando',
    sent: 'Enviado',
    failed: 'Falhou',
    unknown: 'Incerto (não reenviado sozinho)',
    held: 'Retido (limite por hora)',
  },
  kinds: {
    card_approved: 'Recibo: pagamento aprovado',
    pix_issued: 'Recibo: código PIX',
    pix_paid: 'Recibo: PIX recebido',
    boleto_issued: 'Recibo: boleto emitido',
    boleto_paid: 'Recibo: boleto pago',
    refund: 'Recibo: reembolso',
    notice_sale: 'Aviso: venda',
    notice_refund: 'Aviso: reembolso',
    notice_boleto_paid: 'Aviso: boleto pago',
    notice_endpoint_failing: 'Aviso: endpoint falhando',
    notice_daily_summary: 'Aviso: resumo do dia',
  } as Record<string, string>,
};

type Messages = typeof ptBR;

const en: Messages = {
  title: 'E-mails',
  none: 'No e-mail about this payment.',
  off: 'No e-mail is sent: the server has no SMTP_URL. Shoppers get no receipts.',
  capture: 'Development: e-mails are kept in the development mailbox and never leave this machine.',
  mailbox: 'Open the mailbox',
  caption: 'Receipts and notices of this payment',
  colMail: 'E-mail',
  colTo: 'To',
  colStatus: 'Status',
  colAnswer: 'SMTP server’s answer',
  resend: 'Resend',
  resendLabel: (what, to) => `Resend ${what} to ${to}`,
  resent: (to) => `Resend to ${to} queued.`,
  resendFailed: 'The e-mail could not be resent now.',
  tries: (count) => (count === 1 ? '1 try' : `${count} tries`),
  status: {
    pending: 'Queued',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    unknown: 'Uncertain (not resent by itself)',
    held: 'Held (hourly limit)',
  },
  kinds: {
    card_approved: 'Receipt: payment approved',
    pix_issued: 'Receipt: PIX code',
    pix_paid: 'Receipt: PIX received',
    boleto_issued: 'Receipt: boleto issued',
    boleto_paid: 'Receipt: boleto paid',
    refund: 'Receipt: refund',
    notice_sale: 'Notice: sale',
    notice_refund: 'Notice: refund',
    notice_boleto_paid: 'Notice: boleto paid',
    notice_endpoint_failing: 'Notice: endpoint failing',
    notice_daily_summary: 'Notice: daily summary',
  },
};

const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

export function useMailWords(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
