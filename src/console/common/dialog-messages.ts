import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from './console-i18n.tsx';

/**
 * The words of the console's shared confirmation dialog and once-shown secret panel, both languages (a missing one
 * is a compile error).
 */
const ptBR = {
  cancel: 'Cancelar',
  working: 'Enviando…',
  shownOnce: 'Copie agora: ele não será mostrado de novo.',
  copy: 'Copiar',
  copied: 'Copiado.',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie.',
  savedIt: 'Já guardei',
};

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  cancel: 'Cancel',
  working: 'Sending…',
  shownOnce: 'Copy it now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied.',
  copyFailed: 'Could not copy. Select the text and copy it.',
  savedIt: 'I have saved it',
};

export type DialogMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The dialogs' words in the console's language. */
export function useDialogWords(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
