import '../common/page-parts.css';
import './customers.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ConsoleCustomerDetail } from '../../../contract/console/console-customers-developers.ts';
import type { SavedCard } from '../../../contract/saved-cards.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatCents, formatDateTime, methodName } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import { DataTable } from '../common/data-table.tsx';
import { PaymentStatusBadge } from '../common/payment-status-badge.tsx';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import {
  customerQuery,
  eraseCustomer,
  invalidateAfterCardRemoval,
  invalidateAfterErasure,
  removeSavedCard,
} from './api.ts';
import { useCustomersWords, type CustomersMessages } from './customers-messages.ts';
import { ErrorState, LoadingState } from '../common/states.tsx';

type Action = ConsoleCustomerDetail['erase'];

function reasonOf(action: Action, m: CustomersMessages, erase: boolean): string {
  if (action.reason === 'erased') return m.reasonErased;
  if (action.reason === 'role') return erase ? m.reasonOwnerOnly : m.reasonRole;
  return '';
}

function cardName(card: SavedCard, m: CustomersMessages): string {
  return m.cardLabel(card.brand ?? '', card.last_digits ?? '••••');
}

/**
 * One customer: who, their payments (each linking to its page), their saved cards (staff remove one) and
 * the LGPD erasure (owners; the e-mail typed to confirm, what is kept said before).
 */
export function CustomerPage({ id }: { id: string }) {
  const { m, locale } = useCustomersWords();
  const { t } = useConsoleI18n();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [erasing, setErasing] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const eraseReasonId = useId();
  const detail = useQuery(customerQuery(id));
  const remove = useMutation({
    mutationFn: (card: SavedCard) => removeSavedCard(id, card.id),
    onSuccess: async () => {
      await invalidateAfterCardRemoval(queryClient, id);
      close(m.cardRemoved);
    },
  });
  const erase = useMutation({
    mutationFn: (confirmation: string) => eraseCustomer(id, confirmation),
    onSuccess: async (erasure) => {
      await invalidateAfterErasure(queryClient, id);
      close(
        erasure.already_erased
          ? m.alreadyErased
          : m.erased(erasure.payments_anonymised, erasure.saved_cards_removed),
      );
    },
  });
  const remember = () => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMessage(null);
  };
  function close(done?: string) {
    setRemoving(null);
    setErasing(false);
    remove.reset();
    erase.reset();
    if (done) setMessage(done);
    // The opener may be gone (a removed card's button): the heading then takes focus.
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }

  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (detail.error instanceof ConsoleApiError && detail.error.status === 404) {
      return (
        <>
          <h1 tabIndex={-1}>{m.customerNotFound}</h1>
          <ConsoleLink href="/console/customers">{m.backToCustomers}</ConsoleLink>
        </>
      );
    }
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const { customer, payments, cards } = detail.data;
  const fact = (label: string, value: string | number | null) =>
    value === null || value === '' ? null : (
      <div key={label}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  return (
    <>
      <p>
        <ConsoleLink href="/console/customers">{m.backToCustomers}</ConsoleLink>
      </p>
      <h1 tabIndex={-1}>{m.customerTitle(customer.name ?? customer.email ?? customer.id)}</h1>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {customer.erased ? <p className="notice">{m.erasedNotice}</p> : null}
      <section className="card" aria-labelledby="customer-facts-title">
        <h2 id="customer-facts-title">{m.customerFacts}</h2>
        <dl className="facts">
          {fact(m.customerId, customer.id)}
          {fact(m.email, customer.email)}
          {fact(t.document, customer.document)}
          {fact(m.colCheckouts, customer.sessions)}
          {fact(m.firstSeen, formatDateTime(customer.first_seen_at, locale))}
          {fact(m.lastSeen, formatDateTime(customer.last_seen_at, locale))}
        </dl>
      </section>

      <section aria-labelledby="customer-payments-title">
        <h2 id="customer-payments-title">{m.customerPayments}</h2>
        {payments.length === 0 ? (
          <p>{m.noCustomerPayments}</p>
        ) : (
          <DataTable
            caption={m.customerPayments}
            columns={[
              { header: m.colDate, cell: (payment) => formatDateTime(payment.created_at, locale) },
              {
                header: m.colReference,
                cell: (payment) => payment.reference,
                link: (payment) => `/console/payments/${encodeURIComponent(payment.id)}`,
              },
              { header: m.colMethod, cell: (payment) => methodName(payment.payment_method, t) },
              {
                header: m.colStatus,
                cell: (payment) => <PaymentStatusBadge payment={payment} locale={locale} />,
              },
              {
                header: m.colAmount,
                align: 'number',
                cell: (payment) => formatCents(payment.amount, locale),
              },
            ]}
            rows={payments}
            rowKey={(payment) => payment.id}
          />
        )}
        {detail.data.more_payments ? <p className="hint">{m.morePayments}</p> : null}
      </section>

      <section aria-labelledby="saved-cards-title">
        <h2 id="saved-cards-title">{m.savedCards}</h2>
        {cards.length === 0 ? (
          <p>{m.noSavedCards}</p>
        ) : (
          <ul className="plain item-list">
            {cards.map((card) => (
              <li key={card.id} className="item-row">
                <span>
                  <strong>{cardName(card, m)}</strong>
                  {card.holder_name ? ` · ${card.holder_name}` : ''}{' '}
                  <span className="muted">· {m.cardSaved(formatDateTime(card.created_at, locale))}</span>
                </span>
                {detail.data.remove_card.allowed ? (
                  <button
                    type="button"
                    className="button"
                    aria-label={m.removeCardNamed(cardName(card, m))}
                    onClick={() => {
                      remember();
                      setRemoving(card);
                    }}
                  >
                    {m.removeCard}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {cards.length > 0 && !detail.data.remove_card.allowed ? (
          <p className="hint">{reasonOf(detail.data.remove_card, m, false)}</p>
        ) : null}
      </section>

      <section className="card danger-zone" aria-labelledby="erase-title">
        <h2 id="erase-title">{m.eraseTitle}</h2>
        <p>{m.eraseBody}</p>
        <p>{m.eraseKept}</p>
        <div className="action">
          <button
            type="button"
            className="button danger"
            aria-disabled={detail.data.erase.allowed ? undefined : true}
            aria-describedby={detail.data.erase.allowed ? undefined : eraseReasonId}
            onClick={() => {
              if (!detail.data.erase.allowed) return;
              remember();
              setErasing(true);
            }}
          >
            {m.eraseButton}
          </button>
          {detail.data.erase.allowed ? null : (
            <p className="hint" id={eraseReasonId}>
              {reasonOf(detail.data.erase, m, true)}
            </p>
          )}
        </div>
      </section>

      {removing ? (
        <ConfirmDialog
          title={m.removeCardTitle}
          confirmLabel={m.removeCardNamed(cardName(removing, m))}
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => close()}
        >
          <p>{m.removeCardBody(cardName(removing, m))}</p>
        </ConfirmDialog>
      ) : null}
      {erasing ? (
        <ConfirmDialog
          title={m.eraseDialogTitle}
          confirmLabel={m.eraseConfirm}
          danger
          pending={erase.isPending}
          error={erase.error}
          typed={{
            label: m.eraseConfirmLabel(customer.email ?? customer.id),
            expected: customer.email ?? customer.id,
            mismatch: m.eraseConfirmMismatch,
          }}
          onConfirm={(typed) => erase.mutate(typed)}
          onClose={() => close()}
        >
          <p>{m.eraseBody}</p>
          <p>{m.eraseKept}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
