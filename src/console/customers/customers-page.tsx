import '../common/page-parts.css';
import './customers.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ConsoleCustomerList } from '../../../contract/console/console-customers-developers.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatDateTime } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ConsoleLink } from '../common/console-link.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import { navigate } from '../common/console-route.ts';
import { customersQuery } from './api.ts';
import { useCustomersWords, type CustomersMessages } from './customers-messages.ts';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';

// Any text searches; blanks around it do not count.
const searchSchema = z.object({ q: z.string().check(z.overwrite((value) => value.trim())) });
type SearchForm = z.infer<typeof searchSchema>;

type CustomerRow = ConsoleCustomerList['data'][number];

function customerColumns(m: CustomersMessages, locale: Locale): Column<CustomerRow>[] {
  return [
    {
      header: m.colCustomer,
      cell: (customer) => (
        <div>
          <ConsoleLink href={`/console/customers/${encodeURIComponent(customer.id)}`}>
            {customer.name ?? customer.email ?? customer.id}
          </ConsoleLink>
          {customer.email && customer.name ? <span className="muted block">{customer.email}</span> : null}
          {customer.erased ? <span className="badge">{m.erasedBadge}</span> : null}
        </div>
      ),
    },
    { header: m.colDocument, cell: (customer) => customer.document ?? '—' },
    { header: m.colCheckouts, cell: (customer) => customer.sessions },
    { header: m.colLastSeen, cell: (customer) => formatDateTime(customer.last_seen_at, locale) },
  ];
}

/** Customers: one search box (e-mail, CPF/CNPJ, the shop's id), the CPF/CNPJ masked, pages by cursor. */
export function CustomersPage({ q }: { q: string }) {
  const { m, locale } = useCustomersWords();
  const { t } = useConsoleI18n();
  const ids = { q: useId(), hint: useId() };
  const form = useForm<SearchForm>({ resolver: zodResolver(searchSchema), defaultValues: { q } });
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
          void form.handleSubmit(({ q: text }) => {
            navigate(`/console/customers${text ? `?q=${encodeURIComponent(text)}` : ''}`);
          })(event);
        }}
      >
        <div className="field search-field">
          <label htmlFor={ids.q}>{m.customerSearch}</label>
          <input
            id={ids.q}
            type="search"
            autoComplete="off"
            aria-describedby={ids.hint}
            {...form.register('q')}
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
              form.setValue('q', '');
              navigate('/console/customers');
            }}
          >
            {m.clearSearch}
          </button>
        </div>
      </form>
      <ListPage
        {...listStateOf(list)}
        empty={
          <p className="empty" role="status">
            {q ? m.noCustomers : m.noCustomersYet}
          </p>
        }
        table={{
          caption: m.customersCaption,
          columns: customerColumns(m, locale),
          rowKey: (customer) => customer.id,
          busy: list.isFetching,
        }}
        footer={
          list.data?.data.length ? (
            <CursorPager
              cursors={cursors}
              onChange={(next) => setPages({ key: q, cursors: next })}
              nextCursor={list.data.next_cursor}
              words={t}
            />
          ) : null
        }
      />
    </>
  );
}
