import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/** The words of a card payment's installment schedule, both languages (a missing one is a compile error). */
const ptBR = {
  colStatus: 'Status',
  colAmount: 'Valor',
  scheduleTitle: 'Parcelas no gateway',
  scheduleLoading: 'Carregando as parcelas…',
  scheduleError: 'As parcelas não puderam ser lidas agora.',
  scheduleCaption: 'Parcelas e quando o dinheiro chega',
  colInstallment: 'Parcela',
  colDue: 'Previsão',
  colNet: 'Líquido',
  retry: 'Tentar de novo',
};

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  colStatus: 'Status',
  colAmount: 'Amount',
  scheduleTitle: 'Installments at the gateway',
  scheduleLoading: 'Loading the installments…',
  scheduleError: 'The installments could not be read now.',
  scheduleCaption: 'Installments and when the money arrives',
  colInstallment: 'Installment',
  colDue: 'Expected',
  colNet: 'Net',
  retry: 'Try again',
};

export type InstallmentMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The schedule's words in the console's language. */
export function useInstallmentWords(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
