import { useI18n } from '../i18n/i18n-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { formNoticeText } from './form-notice-text.ts';
import type { PaymentSubmit } from './use-payment-submit.ts';

interface PaymentSubmitAreaProps extends PaymentSubmit {
  /** The submit button's words, e.g. "Pay R$ 150,90" or, while busy, "Processing payment…". */
  children: string;
  /**
   * Whose words: `{form}.unknownOutcome` (the last payment may have gone through), `….retry` (the button
   * that takes the submit button's place meanwhile) and `{form}.error.unexpected` (a failure of the
   * form's own: what was, or was not, sent).
   */
  form: 'card' | 'pix' | 'boleto';
}

/**
 * The end of the card and PIX forms: the alert, beside the button where the eye is when it is pressed
 * (use-payment-submit.ts scrolls to it), then the submit button — or, while the outcome of the last
 * payment is unknown, a button that only brings the submit button back: paying again is a choice.
 */
export function PaymentSubmitArea({
  notice,
  noticeKey,
  alertRef,
  outcomeUnknown,
  busy,
  retry,
  submitRef,
  children,
  form,
}: PaymentSubmitAreaProps) {
  const { t } = useI18n();
  return (
    <>
      <Alert ref={alertRef}>
        {notice ? (
          <span key={noticeKey}>
            {outcomeUnknown
              ? t(`${form}.unknownOutcome`)
              : formNoticeText(notice, t, `${form}.error.unexpected`)}
          </span>
        ) : null}
      </Alert>
      {outcomeUnknown ? (
        // Distinct keys: were React to reuse this <button> for the submit one, it would turn type=submit
        // during the press (the re-render runs before the browser's default action) and pay twice (#10).
        <Button key="retry" type="button" variant="secondary" className="pay-button" onClick={retry}>
          {t(`${form}.unknownOutcome.retry`)}
        </Button>
      ) : (
        <Button key="submit" ref={submitRef} type="submit" busy={busy} className="pay-button">
          {children}
        </Button>
      )}
    </>
  );
}
