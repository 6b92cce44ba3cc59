import type { HTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { ConsoleApiError } from '../common/console-api.ts';
import type { ConsoleMessages } from '../common/console-messages.ts';
import type { SettingsMessages } from './settings-messages.ts';

/**
 * The fields a sensitive change asks again (your password, a current two-step code) and how the server's
 * refusals land on them: on the field they name, in the page's language, so a screen reader hears which one.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  registration,
  kind,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  kind: 'current-password' | 'new-password' | 'code';
}) {
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  const input: HTMLAttributes<HTMLInputElement> & { type: string; autoComplete: string; maxLength?: number } =
    kind === 'code'
      ? {
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 7,
          className: 'totp-code',
        }
      : { type: 'password', autoComplete: kind };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        spellCheck={false}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        {...registration}
      />
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A 6-digit code as people type it (spaces allowed, as many apps show "123 456"). */
export function codeSchema(message: string) {
  return z.string().check(
    z.overwrite((value) => value.replace(/\s/g, '')),
    z.regex(/^\d{6}$/, message),
  );
}

export type CredentialField = 'current_password' | 'current_totp' | 'code';

/** A refusal that belongs to one field of the form: which, and what to say there. */
export function credentialFieldError(
  error: unknown,
  m: SettingsMessages,
): { field: CredentialField; message: string } | undefined {
  if (!(error instanceof ConsoleApiError)) return undefined;
  switch (error.type) {
    case 'wrong_password':
      return { field: 'current_password', message: m.wrongPassword };
    case 'totp_required':
      return { field: 'current_totp', message: m.codeRequired };
    case 'totp_invalid':
      // The new key's code of a set-up (`code`), or the current key's.
      return error.parameter === 'code'
        ? { field: 'code', message: m.totpWrong }
        : { field: 'current_totp', message: m.codeWrong };
    default:
      return undefined;
  }
}

/** A refusal for the whole form (too many tries, the network, anything else the server said). */
export function formAlertText(error: unknown, m: SettingsMessages, t: ConsoleMessages): string {
  if (!(error instanceof ConsoleApiError) || error.type === 'network') return t.errorNetwork;
  if (error.type === 'rate_limited') return m.throttled;
  return error.message;
}
