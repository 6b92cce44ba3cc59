import type { NoticeKindValue } from '../../../contract/console/console-mails.ts';
import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/** The words of Settings → E-mail notices, both languages (a missing one is a compile error). */
const ptBR = {
  title: 'Avisos por e-mail',
  intro:
    'Escolha os e-mails que você recebe sobre a loja. Cada aviso tem um link que o desliga com um clique.',
  off: 'O servidor não envia e-mails (sem SMTP_URL): estas escolhas valem quando ele enviar.',
  legend: 'Receber um e-mail quando',
  save: 'Salvar avisos',
  saved: 'Avisos salvos.',
  failed: 'Os avisos não puderam ser salvos agora.',
  teamTitle: 'Quem recebe o quê',
  teamCaption: 'Avisos de cada usuário',
  colUser: 'Usuário',
  colNotices: 'Avisos',
  nothing: 'nenhum',
  kinds: {
    sale: 'uma venda é aprovada',
    refund: 'um reembolso é feito',
    boleto_paid: 'um boleto é pago',
    endpoint_failing: 'um endpoint de webhook falha há uma hora',
    daily_summary: 'resumo do dia (totais), depois da meia-noite',
  } satisfies Record<NoticeKindValue, string>,
};

type Messages = typeof ptBR;

const en: Messages = {
  title: 'E-mail notices',
  intro: 'Choose the e-mails you get about the shop. Each notice has a link that turns it off in one click.',
  off: 'The server sends no e-mail (no SMTP_URL): these choices apply once it does.',
  legend: 'Send me an e-mail when',
  save: 'Save notices',
  saved: 'Notices saved.',
  failed: 'The notices could not be saved now.',
  teamTitle: 'Who gets what',
  teamCaption: 'Each user’s notices',
  colUser: 'User',
  colNotices: 'Notices',
  nothing: 'none',
  kinds: {
    sale: 'a sale is approved',
    refund: 'a refund is made',
    boleto_paid: 'a boleto is paid',
    endpoint_failing: 'a webhook endpoint has been failing for an hour',
    daily_summary: 'daily summary (totals), after midnight',
  },
};

const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

export function useNoticeWords(): Messages {
  const { locale } = useConsoleI18n();
  return MESSAGES[locale];
}
