import '../common/page-parts.css';
import './customers.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import { navigate } from '../common/console-route.ts';
import { customersQuery } from './api.ts';
import { useCustomersWords } from './customers-messages.ts';
import { ErrorState, LoadingState } from '../common/states.tsx';

/** Customers: one search box (e-mail, CPF/CNPJ, the shop's id), the CPF/CNPJ masked, pages by cursor. */
export function CustomersPage({ q }: { q: string }) {
  const { m, locale } = useCustomersWords();
  const { t } = useConsoleI18n();
  const ids = { q: useId(), hint: useId() };
  const [typed, setTyped] = useState(q);
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: q, cursors: [] });
  const cursors = pages.key === q ? pages.cursors : [];
  const cursor = cursors.at(-1);
  const list = useQuery({
    ...customersQuery(q, cursor),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <h1 tabIndex={-1}>{m.customersTitle}</h1>
      <form
        className="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const text = typed.trim();
          navigate(`/console/customers${text ? `?q=${encodeURIComponent(text)}` : ''}`);
        }}
      >
        <div className="field search-field">
          <label htmlFor={ids.q}>{m.customerSearch}</label>
          <input
            id={ids.q}
            type="search"
            autoComplete="off"
            aria-describedby={ids.hint}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <p className="hint" id={ids.hint}>
            {m.customerSearchHint}
          </p>
        </div>
        <div className="actions">
          <button type="submit" className="button primary">
            {m.searchButton}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setTyped('');
              navigate('/console/customers');
            }}
          >
            {m.clearSearch}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="empty" role="status">
          {q ? m.noCustomers : m.noCustomersYet}
        </p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="payments" aria-busy={list.isFetching ? true : undefined}>
              <caption className="visually-hidden">{m.customersCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.colCustomer}</th>
                  <th scope="col">{m.colDocument}</th>
                  <th scope="col">{m.colCheckouts}</th>
                  <th scope="col">{m.colLastSeen}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((customer) => (
                  <tr key={customer.id}>
                    <td data-label={m.colCustomer}>
                      <div>
                        <ConsoleLink href={`/console/customers/${encodeURIComponent(customer.id)}`}>
                          {customer.name ?? customer.email ?? customer.id}
                        </ConsoleLink>
                        {customer.email && customer.name ? (
                          <span className="muted block">{customer.email}</span>
                        ) : null}
                        {customer.erased ? <span className="badge">{m.erasedBadge}</span> : null}
                      </div>
                    </td>
                    <td data-label={m.colDocument}>{customer.document ?? '—'}</td>
                    <td data-label={m.colCheckouts}>{customer.sessions}</td>
                    <td data-label={m.colLastSeen}>{formatDateTime(customer.last_seen_at, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CursorPager
            cursors={cursors}
            onChange={(next) => setPages({ key: q, cursors: next })}
            nextCursor={list.data.next_cursor}
            words={t}
          />
        </>
      )}
    </>
  );
}
