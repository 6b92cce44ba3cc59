import { describe, expect, it } from 'vitest';
import { generatePassword } from './console-users.ts';
import { newPasswordRefusal } from './password-policy.ts';

describe('a chosen console password', () => {
  it.each([
    ['aaaaaaaaaaaa', 'password_repeated'],
    [' '.repeat(12), 'password_repeated'],
    ['😀'.repeat(12), 'password_repeated'],
    ['password1234', 'password_common'],
    ['Password1234', 'password_common'],
    ['qwerty123456', 'password_common'],
    ['1q2w3e4r5t6y', 'password_common'],
    ['short pass', 'password_too_short'],
    ['x'.repeat(1025), 'password_too_long'],
  ])('refuses %j: %s, with a sentence that names the password', async (password, problem) => {
    const refusal = await newPasswordRefusal(password);
    expect(refusal?.problem).toBe(problem);
    expect(refusal?.message).toMatch(/^The password /);
  });

  it.each([
    'correct horse battery staple',
    'e2e owner password 1',
    'Tr0ub4dor&3 at the café',
    generatePassword(),
  ])('accepts %j', async (password) => {
    expect(await newPasswordRefusal(password)).toBeUndefined();
  });
});
