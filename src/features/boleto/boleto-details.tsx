import { Suspense, type ReactNode } from 'react';
import type { BoletoResult } from '../../../contract/boleto/boleto-model.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { formatCents } from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { lazyComponent } from '../../ui/lazy-component.ts';
import { ResultScreen } from '../../ui/result-screen.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { BoletoBarcode } from './boleto-barcode.tsx';
import { BoletoCopyLine } from './boleto-copy-line.tsx';

const BoletoQrImage = lazyComponent(() => import('./boleto-qr-image.tsx').then((m) => m.BoletoQrImage));

/** `2026-12-01` → `1 de dezembro de 2026` or `December 1, 2026` (never an ambiguous 12/1): a calendar date, shown as is whatever the device's zone. */
export function formatDueDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

interface BoletoDetailsProps {
  boleto: BoletoResult;
  /** An expired boleto: ask for a new one (the payer's details are asked again). */
  onNewBoleto: () => void;
  successAction?: ReactNode;
}

/**
 * An issued boleto: amount and due date, the digitable line with Copy first (on a phone the shopper pays in
 * the bank app), the barcode, the PDF, the PIX QR of a hybrid boleto, and how long confirmation takes.
 * Paid and expired boletos get their own screens.
 */
export function BoletoDetails({ boleto, onNewBoleto, successAction }: BoletoDetailsProps) {
  const { t, locale } = useI18n();
  const amount = formatCents(boleto.amount, locale);
  const date = formatDueDate(boleto.due_date, locale);
  // As the card and PIX screens say it: the gateway's reference, or the transaction's id without one.
  const reference = boleto.ref_id ?? String(boleto.transaction_id);

  if (boleto.state === 'paid') {
    return (
      <ResultScreen
        headingId="boleto-heading"
        title={t('boleto.paid.title')}
        tone="approved"
        icon="✓"
        focusKey="paid"
      >
        <p>{t('boleto.paid.body', { amount })}</p>
        {boleto.paid_late ? <p>{t('boleto.paidLate')}</p> : null}
        <p>{t('result.reference', { reference })}</p>
        {successAction}
      </ResultScreen>
    );
  }
  if (boleto.state !== 'waiting_payment') {
    return (
      <ResultScreen
        headingId="boleto-heading"
        title={t('boleto.expired.title')}
        tone="declined"
        icon="!"
        focusKey="expired"
      >
        <p>{t('boleto.expired.body', { date })}</p>
        <Button type="button" onClick={onNewBoleto}>
          {t('boleto.expired.retry')}
        </Button>
      </ResultScreen>
    );
  }

  return (
    <section className="boleto" aria-labelledby="boleto-heading">
      <h2 id="boleto-heading" tabIndex={-1}>
        {t('boleto.title', { amount })}
      </h2>
      <p style={{ fontWeight: 600 }}>{t('boleto.due', { date })}</p>
      <p>{t('result.reference', { reference })}</p>
      <BoletoCopyLine line={boleto.digitable_line} />
      <BoletoBarcode barcode={boleto.barcode} label={t('boleto.barcode.label', { number: boleto.barcode })} />
      <p>
        <a
          className="button button--secondary"
          href={boleto.pdf_url}
          target="_blank"
          rel="noopener noreferrer"
          download
        >
          {t('boleto.pdf')}
          <span className="visually-hidden"> ({t('boleto.pdfHint')})</span>
        </a>
      </p>
      <p>{t('boleto.confirmation')}</p>
      {boleto.pix_qr_code ? (
        <div>
          <h3>{t('boleto.pix.title')}</h3>
          <BoletoCopyLine line={boleto.pix_qr_code} pix />
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <BoletoQrImage value={boleto.pix_qr_code} label={t('boleto.pix.label')} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
