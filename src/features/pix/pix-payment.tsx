import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Transaction } from '../../../contract/gateway/transaction.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { formatCents } from '../../lib/money.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ResultScreen } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import '../../ui/result.css';
import { pixExpiresAt } from './pix-config.ts';
import { PixCopyCode } from './pix-copy-code.tsx';
import { PixCountdown } from './pix-countdown.tsx';
import { PixQrCode } from './pix-qr-code.tsx';
import { usePixStatus } from './use-pix-status.ts';
// This screen loads lazily; its words come with it (src/i18n/messages.ts).
import '../../i18n/catalogues/result.ts';

interface PixPaymentProps {
  transaction: Transaction;
  /** "Generate a new code" on the expired screen. */
  onNewCode: () => void;
  /** "Try again" after a refusal: back to the form. */
  onRetry: () => void;
  newCodeBusy: boolean;
  /** Already translated. */
  newCodeError: string | null;
  /** Once the gateway says paid: the page hides what would let the shopper pay again. */
  onPaid?: (() => void) | undefined;
  /** Shown with "payment received", e.g. the way back to the shop. */
  successAction?: ReactNode;
  /** Whether this code can still be paid: the page warns before a card payment meanwhile. */
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/** The QR code, the code to paste and the countdown, then "paid", "expired" or "refused" by itself. */
export function PixPayment({
  transaction: initial,
  onNewCode,
  onRetry,
  newCodeBusy,
  newCodeError,
  onPaid,
  successAction,
  onOpenChange,
}: PixPaymentProps) {
  const { t, locale } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [expiredLocally, setExpiredLocally] = useState(false);
  const onExpire = useCallback(() => setExpiredLocally(true), []);
  const { transaction, phase, checkFailed } = usePixStatus(initial, expiredLocally);
  const amount = formatCents(transaction.amount, locale);

  // Each new screen takes focus, so keyboard and screen-reader users land on the news.
  useEffect(() => {
    heading.current?.focus();
  }, [phase]);
  useEffect(() => {
    if (phase === 'paid') onPaid?.();
  }, [phase, onPaid]);
  const open = phase !== 'paid' && phase !== 'expired' && phase !== 'refused';
  useEffect(() => {
    onOpenChange?.(open);
    return () => onOpenChange?.(false);
  }, [open, onOpenChange]);

  const reference = transaction.ref_id ?? String(transaction.id);
  const footer = <p className="result__reference">{t('result.reference', { reference })}</p>;

  if (phase === 'paid') {
    return (
      <ResultScreen
        headingId="pix-heading"
        title={t('pix.paid.title')}
        tone="approved"
        icon="✓"
        focusKey={phase}
        className="pix-result"
      >
        <p>{t('pix.paid.body', { amount })}</p>
        {successAction}
        {footer}
      </ResultScreen>
    );
  }
  if (phase === 'expired' || phase === 'refused') {
    const expired = phase === 'expired';
    return (
      <ResultScreen
        headingId="pix-heading"
        title={expired ? t('pix.expired.title') : t('pix.refused.title')}
        tone="declined"
        icon="!"
        focusKey={phase}
        className="pix-result"
      >
        <p>{expired ? t('pix.expired.body') : t('pix.refused.body')}</p>
        <Alert>{newCodeError}</Alert>
        {/* Two buttons, not one that changes role in place: a press must do what its label said. */}
        {expired ? (
          <Button
            key="new-code"
            type="button"
            busy={newCodeBusy}
            onClick={newCodeBusy ? undefined : onNewCode}
          >
            {t('pix.expired.retry')}
          </Button>
        ) : (
          <Button key="back-to-form" type="button" onClick={onRetry}>
            {t('pix.refused.retry')}
          </Button>
        )}
        {footer}
      </ResultScreen>
    );
  }

  const expiresAt = pixExpiresAt(transaction.pix_expiration_date);
  const issuedAt = Date.parse(transaction.created_at);
  return (
    <section className="pix-pay" aria-labelledby="pix-heading">
      <h2 id="pix-heading" ref={heading} tabIndex={-1}>
        {t('pix.pay.title', { amount })}
      </h2>
      {expiresAt === undefined ? null : (
        <PixCountdown
          expiresAt={expiresAt}
          issuedAt={Number.isNaN(issuedAt) ? expiresAt - 30 * 60_000 : issuedAt}
          onExpire={onExpire}
        />
      )}
      {/*
        The code to paste comes first: on a phone the QR is on the very screen that would have to scan
        it. Wide screens show the QR first (pix.css), to scan with the phone in hand; the QR is an image,
        so moving it does not change the order of anything focusable.
      */}
      {transaction.pix_qr_code ? <PixCopyCode code={transaction.pix_qr_code} /> : null}
      <div className="pix-pay__body">
        {transaction.pix_qr_code ? (
          <PixQrCode
            value={transaction.pix_qr_code}
            label={t('pix.qr.label', { amount })}
            loadingLabel={t('pix.qr.loading')}
          />
        ) : null}
        <ol className="pix-pay__steps">
          <li>{t('pix.pay.step1')}</li>
          <li>{t('pix.pay.step2')}</li>
          <li>{t('pix.pay.step3')}</li>
        </ol>
      </div>
      <Spinner label={t('pix.waiting')} />
      {checkFailed ? <p className="result__warning">{t('pix.statusError')}</p> : null}
      {footer}
    </section>
  );
}
