import { describe, expect, it } from 'vitest';
import { CONSOLE_PASSWORD_PROBLEMS } from '../../../contract/console/console-auth.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { passwordRefusalText } from './password-messages.ts';

describe('a refused password in the console', () => {
  it('says why in Portuguese and in English for every reason the server gives', () => {
    for (const problem of CONSOLE_PASSWORD_PROBLEMS) {
      const error = new ConsoleApiError(400, problem, 'server words');
      expect(passwordRefusalText(error, 'pt-BR')).toMatch(/^A senha /);
      expect(passwordRefusalText(error, 'en')).toMatch(/^The password /);
    }
    expect(passwordRefusalText(new ConsoleApiError(400, 'password_common', ''), 'pt-BR')).toContain(
      'senhas mais comuns',
    );
  });

  it('leaves other errors to their own words', () => {
    expect(passwordRefusalText(new ConsoleApiError(409, 'user_exists', ''), 'en')).toBeNull();
    expect(passwordRefusalText(new Error('boom'), 'en')).toBeNull();
  });
});
