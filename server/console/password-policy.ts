import {
  CONSOLE_PASSWORD_MAX,
  CONSOLE_PASSWORD_MIN,
  type ConsolePasswordProblem,
} from '../../contract/console/console-auth.ts';

/** A refused password: why (the API error's type) and a sentence that names the password and says why. */
export interface PasswordRefusal {
  problem: ConsolePasswordProblem;
  message: string;
}

const MESSAGES: Record<ConsolePasswordProblem, string> = {
  password_too_short: `The password is too short: it needs ${CONSOLE_PASSWORD_MIN} characters at least.`,
  password_too_long: `The password is too long: it has ${CONSOLE_PASSWORD_MAX} characters at most.`,
  password_repeated: 'The password is one character repeated. Choose another.',
  password_common:
    'The password is on a list of the most common passwords, the first ones an attacker tries. Choose another.',
};

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The common passwords of zxcvbn-ts's list (@zxcvbn-ts/language-common: ~49 000 passwords from leaked password
 * sets, by frequency), lower case. Loaded on first use, not at start-up: decompressing it takes ~200 ms. Only the
 * entries long enough to be accepted otherwise are kept (the rest is refused by length anyway).
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((entry) => entry.length >= CONSOLE_PASSWORD_MIN)
          .map((entry) => entry.toLowerCase()),
      ),
  );
  return common;
}

/**
 * What is wrong with a password someone chose (the add-user command, a new user, a changed or reset password), or
 * undefined when nothing: 12 to 1024 characters, not one character repeated, not on the list of common passwords
 * (compared in lower case, after the same NFKC normalisation the hash uses). The rule is the list, not a strength
 * score of our own.
 */
export async function newPasswordRefusal(password: string): Promise<PasswordRefusal | undefined> {
  const refuse = (problem: ConsolePasswordProblem): PasswordRefusal => ({
    problem,
    message: MESSAGES[problem],
  });
  if (password.length < CONSOLE_PASSWORD_MIN) return refuse('password_too_short');
  if (password.length > CONSOLE_PASSWORD_MAX) return refuse('password_too_long');
  const normalised = password.normalize('NFKC');
  if (/^(.)\1*$/su.test(normalised)) return refuse('password_repeated');
  if ((await commonPasswords()).has(normalised.toLowerCase())) return refuse('password_common');
  return undefined;
}
