import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import type { ConsolePaymentList } from '../../../contract/console/console-payments.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatCents, formatDateTime, itemsSummary, methodName } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';
import { PaymentStatusBadge } from '../common/payment-status-badge.tsx';
import { linkPaymentsQuery, linkQuery } from './api.ts';
import { copyText, DeactivateDialog } from './link-actions.tsx';
import { RoleButton } from '../common/role-button.tsx';
import { linkAmountText } from './link-amount.ts';
import { LinkQueryState } from './link-query-state.tsx';
import { LinkForm } from './link-form.tsx';
import { useLinksWords, type LinksMessages } from './links-messages.ts';
import '../common/page-parts.css';
import './links.css';

type PaymentRow = ConsolePaymentList['data'][number];

/** "Share on WhatsApp": WhatsApp's own share address, the title and the link's URL as the message. */
export function whatsAppHref(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

/** The link's QR code (the server's SVG) as a PNG file, drawn in the browser: no server call, nothing new kept. */
async function downloadQrPng(svg: string, fileName: string): Promise<boolean> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  try {
    await image.decode();
  } catch {
    return false;
  }
  const size = 1024;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.click();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
  return true;
}

function paymentColumns(w: LinksMessages, locale: Locale, names: Parameters<typeof methodName>[1]) {
  const columns: Column<PaymentRow>[] = [
    {
      header: w.colDate,
      cell: (payment) => formatDateTime(payment.created_at, locale),
      link: (payment) => `/console/payments/${encodeURIComponent(payment.id)}`,
    },
    { header: w.items, cell: (payment) => <div className="sold">{itemsSummary(payment.items)}</div> },
    {
      header: w.colPayer,
      cell: (payment) => payment.payer_name ?? payment.payer_email ?? '—',
    },
    { header: w.colMethod, cell: (payment) => methodName(payment.payment_method, names) },
    { header: w.colStatus, cell: (payment) => <PaymentStatusBadge payment={payment} locale={locale} /> },
    { header: w.colAmount, align: 'number', cell: (payment) => formatCents(payment.amount, locale) },
  ];
  return columns;
}

/**
 * One payment link: its address (copy, WhatsApp, QR as PNG and the print sheet `/l/{code}/qr`), its figures
 * (payments, gross, refunds, net — the payments list's totals for this link), its payments (each opening the
 * payment's page), edit and deactivate. Viewers read only.
 */
export function LinkPage({ id, me }: { id: string; me: ConsoleMe }) {
  const { w, locale } = useLinksWords();
  const { t } = useConsoleI18n();
  const mayOperate = roleMay(me.user.role, 'operate');
  const [editing, setEditing] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const [message, setMessage] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const editButton = useRef<HTMLSpanElement>(null);
  const link = useQuery(linkQuery(id));
  const payments = useQuery({ ...linkPaymentsQuery(id, cursors.at(-1)), placeholderData: keepPreviousData });
  const announce = (text: string) => {
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
  };
  if (!link.isSuccess) return <LinkQueryState link={link} />;
  const data = link.data;
  const totals = payments.data?.totals;
  const gross = totals?.captured_amount ?? 0;
  const refunds = totals?.refunded_amount ?? 0;
  return (
    <>
      <p>
        <ConsoleLink href="/console/links">{w.backToLinks}</ConsoleLink>
      </p>
      <h1 tabIndex={-1} className="link-heading">
        {data.title}
      </h1>
      <p>
        <span className={`badge link-${data.status}`}>{w.linkStatus(data.status)}</span>{' '}
        <span className="preview-amount-inline">{linkAmountText(data, locale, w)}</span>
      </p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>

      <section className="card link-card" aria-labelledby="link-share">
        <h2 id="link-share">{w.linkUrl}</h2>
        <p className="qr-url">{data.url}</p>
        <div className="row-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              void copyText(data.url).then((ok) =>
                announce(ok ? w.copied(data.title) : w.copyFailed(data.url)),
              );
            }}
          >
            {w.copyLink}
          </button>
          <a
            className="button"
            href={whatsAppHref(data.title, data.url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {w.shareWhatsApp}
          </a>
          <button
            type="button"
            className="button"
            onClick={() => {
              void downloadQrPng(data.qr_code, w.qrFileName(data.code)).then((ok) => {
                if (!ok) announce(w.qrDownloadFailed);
              });
            }}
          >
            {w.downloadQr}
          </button>
          <a
            className="button"
            href={`/l/${encodeURIComponent(data.code)}/qr`}
            target="_blank"
            rel="noopener"
            aria-describedby="link-print-sheet-hint"
          >
            {w.printSheet}
          </a>
        </div>
        <p className="hint" id="link-print-sheet-hint">
          {w.printSheetHint}
        </p>
      </section>

      <section className="card link-card" aria-labelledby="link-figures">
        <h2 id="link-figures">{w.figures}</h2>
        <dl className="facts">
          <div>
            <dt>{w.paymentsCount}</dt>
            <dd>{w.uses(data.payments_count, data.max_payments)}</dd>
          </div>
          <div>
            <dt>{w.gross}</dt>
            <dd>{totals ? formatCents(gross, locale) : '—'}</dd>
          </div>
          <div>
            <dt>{w.refunds}</dt>
            <dd>{totals ? formatCents(refunds, locale) : '—'}</dd>
          </div>
          <div>
            <dt>{w.net}</dt>
            <dd>{formatCents(data.amount_collected, locale)}</dd>
          </div>
          <div>
            <dt>{w.expiresOn}</dt>
            <dd>{data.expires_at ? formatDateTime(data.expires_at, locale) : w.never}</dd>
          </div>
        </dl>
        <p className="hint">{w.netHint}</p>
      </section>

      {editing ? (
        <LinkForm
          link={data}
          onDone={(saved) => {
            setEditing(false);
            if (saved) announce(w.linkSaved(saved.title));
            editButton.current?.querySelector('button')?.focus();
          }}
        />
      ) : (
        <div className="toolbar">
          <span ref={editButton}>
            <RoleButton allowed={mayOperate} primary label={w.edit} onClick={() => setEditing(true)} />
          </span>
          {data.active ? (
            <RoleButton allowed={mayOperate} label={w.deactivate} onClick={() => setDeactivating(true)} />
          ) : null}
        </div>
      )}
      {deactivating ? (
        <DeactivateDialog
          link={data}
          onClose={(done) => {
            setDeactivating(false);
            if (done) announce(done);
            editButton.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}

      <section aria-labelledby="link-payments">
        <h2 id="link-payments">{w.linkPayments}</h2>
        <ListPage
          {...listStateOf(payments)}
          empty={<p className="empty">{w.noLinkPayments}</p>}
          table={{
            caption: `${w.linkPayments} · ${w.pageOf(cursors.length + 1)}`,
            columns: paymentColumns(w, locale, t),
            rowKey: (payment) => payment.id,
            busy: payments.isFetching,
          }}
          footer={
            <CursorPager
              cursors={cursors}
              onChange={setCursors}
              nextCursor={payments.data?.next_cursor}
              words={w}
            />
          }
        />
      </section>
    </>
  );
}
