import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ConsoleMe } from '../../../contract/console/console-auth.ts';
import type { ConsolePaymentDetail } from '../../../contract/console/console-payments.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatDigitableLine } from '../../../contract/boleto/check-digits.ts';
import {
  formatCents,
  formatDateTime,
  formatDay,
  itemsSummary,
  methodName,
  statusName,
} from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import { PaymentStatusBadge } from '../common/payment-status-badge.tsx';
import type { ConsoleMessages } from '../common/console-messages.ts';
import { paymentQuery } from './api.ts';
import { InstallmentSchedule } from './installment-schedule.tsx';
import { PaymentMails } from './payment-mails.tsx';
import { OperationDialog } from './operation-dialog.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';

type Action = ConsolePaymentDetail['capture'];

function reasonText(reason: Action['reason'], t: ConsoleMessages): string {
  switch (reason) {
    case 'role':
      return t.reasonRole;
    case 'not_capturable':
      return t.reasonNotCapturable;
    case 'not_refundable':
      return t.reasonNotRefundable;
    case 'nothing_left':
      return t.reasonNothingLeft;
    case 'operation_open':
      return t.reasonOperationOpen;
    case 'no_transaction':
      return t.reasonNoTransaction;
    case null:
      return '';
  }
}

function ActionButton({ label, action, onOpen }: { label: string; action: Action; onOpen: () => void }) {
  const { t } = useConsoleI18n();
  const reasonId = useId();
  // A disabled button says why next to it (aria-describedby), not only in a tooltip nobody reaches.
  return (
    <div className="action">
      <button
        type="button"
        className="button primary"
        aria-disabled={action.allowed ? undefined : true}
        aria-describedby={action.allowed ? undefined : reasonId}
        onClick={() => {
          if (action.allowed) onOpen();
        }}
      >
        {label}
      </button>
      {action.allowed ? null : (
        <p className="hint" id={reasonId}>
          {reasonText(action.reason, t)}
        </p>
      )}
    </div>
  );
}

/** One payment: amounts, facts, timeline, operations, events, and Capture / Refund. */
export function PaymentPage({ id, me }: { id: string; me: ConsoleMe }) {
  const { t, locale } = useConsoleI18n();
  const [dialog, setDialog] = useState<'capture' | 'refund' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const detail = useQuery(paymentQuery(id));
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (detail.error instanceof ConsoleApiError && detail.error.status === 404) {
      return (
        <>
          <h1 tabIndex={-1}>{t.notFound}</h1>
          <ConsoleLink href="/console/payments">{t.backToPayments}</ConsoleLink>
        </>
      );
    }
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const data = detail.data;
  const { payment } = data;
  const open = (kind: 'capture' | 'refund') => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMessage(null);
    setDialog(kind);
  };
  const fact = (label: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? null : (
      <div key={label}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  return (
    <>
      <p>
        <ConsoleLink href="/console/payments">{t.backToPayments}</ConsoleLink>
      </p>
      <h1 tabIndex={-1}>{t.paymentTitle(payment.reference)}</h1>
      <p className="headline">
        <PaymentStatusBadge payment={payment} locale={locale} />{' '}
        <strong>{formatCents(payment.amount, locale)}</strong> · {methodName(payment.payment_method, t)} ·{' '}
        {formatDateTime(payment.created_at, locale)}
        {data.boleto?.paid_late ? (
          <>
            {' '}
            <span className="badge status-late">{t.boletoPaidLate}</span>
          </>
        ) : null}
      </p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      <div className="actions-row">
        <ActionButton label={t.capture} action={data.capture} onOpen={() => open('capture')} />
        <ActionButton label={t.refund} action={data.refund} onOpen={() => open('refund')} />
      </div>
      {dialog ? (
        <OperationDialog
          paymentId={payment.id}
          kind={dialog}
          max={dialog === 'capture' ? data.capture.max_amount : data.refund.max_amount}
          onClose={(done) => {
            setDialog(null);
            if (done) setMessage(done);
            openerRef.current?.focus();
          }}
        />
      ) : null}
      <div className="cards">
        <section className="card" aria-labelledby="amounts-title">
          <h2 id="amounts-title">{t.amounts}</h2>
          <dl className="facts">
            {fact(
              t.authorised,
              payment.authorized_amount === null ? null : formatCents(payment.authorized_amount, locale),
            )}
            {fact(t.captured, formatCents(payment.captured_amount, locale))}
            {fact(t.refunded, formatCents(payment.refunded_amount, locale))}
            {fact(
              t.captureDeadline,
              payment.capture_deadline_at && payment.status === 'authorized'
                ? formatDateTime(payment.capture_deadline_at, locale)
                : null,
            )}
          </dl>
        </section>
        <section className="card" aria-labelledby="facts-title">
          <h2 id="facts-title">{t.facts}</h2>
          <dl className="facts">
            {fact(t.itemsSold, itemsSummary(payment.items))}
            {fact(t.payer, [payment.payer_name, payment.payer_email].filter(Boolean).join(' · '))}
            {fact(t.document, payment.payer_document)}
            {fact(
              t.card,
              payment.card_last4 ? t.cardEnding(payment.card_brand ?? '', payment.card_last4) : null,
            )}
            {fact(t.installments, payment.payment_method === 'credit_card' ? data.installments : null)}
            {fact(t.pixExpires, data.pix?.expires_at)}
            {fact(t.boletoDue, data.boleto?.due_date ? formatDay(data.boleto.due_date, locale) : null)}
            {data.boleto?.digitable_line ? (
              <div>
                <dt>{t.boletoLine}</dt>
                <dd>
                  <code className="boleto-line">{formatDigitableLine(data.boleto.digitable_line)}</code>
                </dd>
              </div>
            ) : null}
            {fact(t.boletoPaidAt, data.boleto?.paid_at ? formatDateTime(data.boleto.paid_at, locale) : null)}
            {fact(t.refId, payment.ref_id)}
            {fact(t.transactionId, payment.transaction_id)}
            {fact(t.paymentId, payment.id)}
            {fact(t.sessionId, data.session.id)}
            {fact(t.link, payment.payment_link_title ?? payment.payment_link_id)}
          </dl>
        </section>
      </div>
      {payment.payment_method === 'credit_card' && payment.transaction_id !== null ? (
        <InstallmentSchedule paymentId={payment.id} />
      ) : null}
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t.timeline}</h2>
        {data.gateway_history_read ? null : <p className="notice">{t.gatewayHistoryUnavailable}</p>}
        <ol className="timeline">
          {data.timeline.map((entry, index) => (
            <li key={`${entry.origin}-${index}`}>
              <span className="muted">{formatDateTime(entry.at, locale)}</span>{' '}
              <strong>{statusName(entry.to, locale)}</strong>{' '}
              <span className="muted">
                ({entry.origin === 'ours' ? t.ours : t.gatewaySide} · {entry.source})
              </span>
            </li>
          ))}
        </ol>
      </section>
      {data.operations.length > 0 ? (
        <section aria-labelledby="operations-title">
          <h2 id="operations-title">{t.operations}</h2>
          <ul className="plain">
            {data.operations.map((op) => (
              <li key={op.id}>
                {op.kind === 'capture' ? t.capture : t.refund} · {formatCents(op.amount, locale)} ·{' '}
                {statusName(op.status, locale)} ·{' '}
                <span className="muted">{formatDateTime(op.created_at, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PaymentMails paymentId={payment.id} me={me} />
      <section aria-labelledby="events-title">
        <h2 id="events-title">{t.events}</h2>
        {data.events.length === 0 ? (
          <p>{t.noEvents}</p>
        ) : (
          <ul className="plain">
            {data.events.map((event) => (
              <li key={event.id}>
                <code>{event.type}</code> ·{' '}
                {event.environment
                  ? `${statusName(event.status, locale)} · ${t.attempts(event.attempts)}`
                  : event.endpoints.length === 0
                    ? t.noEndpoint
                    : null}
                {event.endpoints.length > 0 ? (
                  <ul>
                    {event.endpoints.map((endpoint) => (
                      <li key={endpoint.url}>
                        <span className="url">{endpoint.url}</span> · {statusName(endpoint.status, locale)} ·{' '}
                        {t.attempts(endpoint.attempts)}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {event.deliveries.length > 0 ? (
                  <ul>
                    {event.deliveries.map((delivery, index) => (
                      <li key={index} className="muted">
                        {formatDateTime(delivery.attempted_at, locale)} ·{' '}
                        {delivery.status_code ?? delivery.error ?? '—'} · {delivery.duration_ms} ms
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
