import type { I18n } from '../i18n/i18n-context.tsx';
import { isMessageKey, type MessageKey } from '../i18n/messages.ts';
import { errorMessageKey } from './error-message.ts';
import type { FormNotice } from './use-payment-submit.ts';

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

/** The alert's words for a notice; `unexpected` is the form's own (what was, or was not, sent). */
export function formNoticeText(notice: FormNotice, t: I18n['t'], unexpected: MessageKey): string {
  switch (notice.kind) {
    case 'gateway':
      return t(errorMessageKey(notice.error.kind));
    case 'unexpected':
      return t(unexpected);
    case 'invalid':
      return notice.count === 1
        ? t('form.error.summaryOne')
        : t('form.error.summaryOther', { count: notice.count });
  }
}
