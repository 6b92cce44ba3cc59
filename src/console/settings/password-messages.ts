import {
  CONSOLE_PASSWORD_MAX,
  CONSOLE_PASSWORD_MIN,
  CONSOLE_PASSWORD_PROBLEMS,
  type ConsolePasswordProblem,
} from '../../../contract/console/console-auth.ts';
import type { Locale } from '../../i18n/locale.ts';
import { ConsoleApiError } from '../common/console-api.ts';

/**
 * Why the server refused a chosen password (its error `type`, contract/console/console-auth.ts), in both languages:
 * shown under the password field of any form that sets one. The list of common passwords itself stays on the server.
 */
const MESSAGES: Record<Locale, Record<ConsolePasswordProblem, string>> = {
  'pt-BR': {
    password_too_short: `A senha é curta demais: precisa de pelo menos ${CONSOLE_PASSWORD_MIN} caracteres.`,
    password_too_long: `A senha é longa demais: pode ter no máximo ${CONSOLE_PASSWORD_MAX} caracteres.`,
    password_repeated: 'A senha é um só caractere repetido. Escolha outra.',
    password_common:
      'A senha está numa lista das senhas mais comuns, as primeiras que um atacante tenta. Escolha outra.',
  },
  en: {
    password_too_short: `The password is too short: it needs ${CONSOLE_PASSWORD_MIN} characters at least.`,
    password_too_long: `The password is too long: it has ${CONSOLE_PASSWORD_MAX} characters at most.`,
    password_repeated: 'The password is one character repeated. Choose another.',
    password_common:
      'The password is on a list of the most common passwords, the first ones an attacker tries. Choose another.',
  },
};

function isPasswordProblem(type: string): type is ConsolePasswordProblem {
  return (CONSOLE_PASSWORD_PROBLEMS as readonly string[]).includes(type);
}

/** The words for a refused password, or null when the error is another one. */
export function passwordRefusalText(error: unknown, locale: Locale): string | null {
  return error instanceof ConsoleApiError && isPasswordProblem(error.type)
    ? MESSAGES[locale][error.type]
    : null;
}
