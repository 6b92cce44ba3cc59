import type { I18n } from '../i18n/i18n-context.tsx';
import type { MessageKey } from '../i18n/messages.ts';
import { errorMessageKey } from '../ui/error-message.ts';
import type { FormNotice } from './use-payment-submit.ts';

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
