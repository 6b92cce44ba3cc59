import type { I18n } from '../i18n/i18n-context.tsx';
import { isMessageKey } from '../i18n/messages.ts';

/**
 * A field's error: our own rules carry catalogue keys. Anything else is the gateway's own words about a
 * field it refused (a 400) — in English, in its jargon, sometimes echoing what was sent — so the shopper
 * reads ours instead, in their language, beside the field the gateway named.
 */
export function fieldErrorText(t: I18n['t'], error: { message?: string } | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return isMessageKey(message) ? t(message) : t('form.error.gatewayRejected');
}
