import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { parseMoneyInput, formatCentsForInput } from '../../lib/money-input.ts';
import type { Locale } from '../../i18n/locale.ts';
import { exportUrl, paymentsListQuery } from './api.ts';
import {
  formatCents,
  formatDateTime,
  formatDay,
  itemsSummary,
  methodName,
  statusName,
  STATUS_FILTERS,
} from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import type { Column } from '../common/data-table.tsx';
import type { ConsolePaymentList } from '../../../contract/console/console-payments.ts';
import { ListPage } from '../common/list-page.tsx';
import { PaymentStatusBadge } from '../common/payment-status-badge.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import type { ConsoleMessages } from '../common/console-messages.ts';
import { navigate } from '../common/console-route.ts';

const FILTER_KEYS = ['q', 'status', 'method', 'from', 'to', 'amount_min', 'amount_max'] as const;

function filterSchema(t: ConsoleMessages, locale: Locale) {
  const money = z
    .string()
    .check(z.refine((text) => text.trim() === '' || parseMoneyInput(text, locale) !== null, t.invalidAmount));
  return z.object({
    q: z.string(),
    status: z.string(),
    method: z.string(),
    from: z.string(),
    to: z.string(),
    amount_min: money,
    amount_max: money,
  });
}
type Filters = z.infer<ReturnType<typeof filterSchema>>;

function filtersOf(query: URLSearchParams, locale: Locale): Filters {
  const cents = (name: string) => {
    const value = query.get(name);
    return value && /^\d+$/.test(value) ? formatCentsForInput(Number(value), locale) : '';
  };
  return {
    q: query.get('q') ?? '',
    status: query.get('status') ?? '',
    method: query.get('method') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    amount_min: cents('amount_min'),
    amount_max: cents('amount_max'),
  };
}

function queryOf(filters: Filters, locale: Locale): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value === '') continue;
    if (key === 'amount_min' || key === 'amount_max') {
      const cents = parseMoneyInput(value, locale);
      if (cents !== null) query.set(key, String(cents));
    } else query.set(key, value);
  }
  return query;
}

type PaymentRow = ConsolePaymentList['data'][number];

function paymentColumns(t: ConsoleMessages, locale: Locale): Column<PaymentRow>[] {
  return [
    { header: t.colDate, cell: (payment) => formatDateTime(payment.created_at, locale) },
    {
      header: t.colReference,
      cell: (payment) => payment.reference,
      link: (payment) => `/console/payments/${encodeURIComponent(payment.id)}`,
    },
    {
      header: t.itemsSold,
      cell: (payment) => (
        <div className="sold">
          {itemsSummary(payment.items)}
          {payment.payment_link_title ? (
            <span className="muted block">
              {t.link}: {payment.payment_link_title}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: t.colPayer,
      cell: (payment) => (
        <div>
          {payment.payer_name ?? payment.payer_email ?? '—'}
          {payment.payer_email && payment.payer_name ? (
            <span className="muted block">{payment.payer_email}</span>
          ) : null}
          {payment.payer_document ? <span className="muted block">{payment.payer_document}</span> : null}
        </div>
      ),
    },
    {
      header: t.colMethod,
      cell: (payment) => (
        <>
          {methodName(payment.payment_method, t)}
          {payment.card_last4 ? ` •••• ${payment.card_last4}` : ''}
          {payment.boleto?.due_date ? (
            <span className="muted block">
              {t.boletoDueShort(formatDay(payment.boleto.due_date, locale))}
            </span>
          ) : null}
          {payment.boleto?.paid_late ? <span className="badge status-late">{t.boletoPaidLate}</span> : null}
        </>
      ),
    },
    {
      header: t.colStatus,
      cell: (payment) => <PaymentStatusBadge payment={payment} locale={locale} />,
    },
    { header: t.colAmount, align: 'number', cell: (payment) => formatCents(payment.amount, locale) },
  ];
}

/** The payments list: one search box, filters, the totals of what is filtered and pages by cursor. */
export function PaymentsPage({ query }: { query: URLSearchParams }) {
  const { t, locale } = useConsoleI18n();
  const ids = {
    q: useId(),
    status: useId(),
    method: useId(),
    from: useId(),
    to: useId(),
    min: useId(),
    max: useId(),
    hint: useId(),
    filters: useId(),
  };
  // The filters other than the search box, shown on demand: a closed panel is one button on a phone instead of a
  // screenful of controls above the list, and the two date fields cost 30–70 ms to build the first time a page shows
  // one (docs/performance.md, "Console"). Open from the start when the address holds one of them.
  const activeFilters = FILTER_KEYS.filter((key) => key !== 'q' && query.has(key)).length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const filterKey = query.toString();
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = pages.key === filterKey ? pages.cursors : [];
  const cursor = cursors.at(-1);
  const form = useForm<Filters>({
    resolver: zodResolver(filterSchema(t, locale)),
    values: filtersOf(query, locale),
  });
  const list = useQuery({ ...paymentsListQuery(query, cursor), placeholderData: keepPreviousData });
  // Rendered as a transition, in slices (see main.tsx): a page of rows is the largest piece of work here.
  const data = useDeferredValue(list.data);
  const { errors } = form.formState;
  const submit = form.handleSubmit(
    (values) => {
      const next = queryOf(values, locale).toString();
      navigate(`/console/payments${next ? `?${next}` : ''}`);
    },
    (invalid) => {
      // An amount typed wrong and the panel closed since: open it, so the message and the field show.
      const field = (['amount_min', 'amount_max'] as const).find((key) => invalid[key]);
      if (!field) return;
      flushSync(() => setFiltersOpen(true));
      form.setFocus(field);
    },
  );
  return (
    <>
      <h1 tabIndex={-1}>{t.paymentsTitle}</h1>
      <form
        className="filters"
        role="search"
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <div className="field search-field">
          <label htmlFor={ids.q}>{t.search}</label>
          <input id={ids.q} type="search" aria-describedby={ids.hint} {...form.register('q')} />
          <p className="hint" id={ids.hint}>
            {t.searchHint}
          </p>
        </div>
        <button
          type="button"
          className="button filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={ids.filters}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {activeFilters > 0 ? `${t.filters} (${activeFilters})` : t.filters}
        </button>
        <div id={ids.filters}>
          {filtersOpen ? (
            <fieldset className="filter-grid">
              <legend className="visually-hidden">{t.filters}</legend>
              <div className="field">
                <label htmlFor={ids.status}>{t.status}</label>
                <select id={ids.status} {...form.register('status')}>
                  <option value="">{t.any}</option>
                  {STATUS_FILTERS.map((status) => (
                    <option key={status} value={status}>
                      {statusName(status, locale)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.method}>{t.method}</label>
                <select id={ids.method} {...form.register('method')}>
                  <option value="">{t.any}</option>
                  <option value="credit_card">{t.methodCard}</option>
                  <option value="pix">{t.methodPix}</option>
                  <option value="boleto">{t.methodBoleto}</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.from}>{t.from}</label>
                <input id={ids.from} type="date" {...form.register('from')} />
              </div>
              <div className="field">
                <label htmlFor={ids.to}>{t.to}</label>
                <input id={ids.to} type="date" {...form.register('to')} />
              </div>
              <div className="field">
                <label htmlFor={ids.min}>{t.amountMin}</label>
                <input
                  id={ids.min}
                  inputMode="decimal"
                  aria-invalid={errors.amount_min ? true : undefined}
                  aria-describedby={errors.amount_min ? `${ids.min}-error` : undefined}
                  {...form.register('amount_min')}
                />
                {errors.amount_min ? (
                  <p className="field-error" id={`${ids.min}-error`}>
                    {errors.amount_min.message}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={ids.max}>{t.amountMax}</label>
                <input
                  id={ids.max}
                  inputMode="decimal"
                  aria-invalid={errors.amount_max ? true : undefined}
                  aria-describedby={errors.amount_max ? `${ids.max}-error` : undefined}
                  {...form.register('amount_max')}
                />
                {errors.amount_max ? (
                  <p className="field-error" id={`${ids.max}-error`}>
                    {errors.amount_max.message}
                  </p>
                ) : null}
              </div>
            </fieldset>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button primary">
            {t.apply}
          </button>
          <button type="button" className="button" onClick={() => navigate('/console/payments')}>
            {t.clear}
          </button>
          <a className="button" href={exportUrl(query, 'dot')} download>
            {t.exportCsv}
          </a>
          <a className="button" href={exportUrl(query, 'comma')} download>
            {t.exportCsvComma}
          </a>
        </div>
      </form>
      <ListPage
        loading={!data}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        rows={data?.data}
        summary={
          data ? (
            <section aria-label={t.totalsLabel} className="totals">
              <p>
                <strong>{t.totalsCount(data.totals.count)}</strong>
              </p>
              <dl>
                <div>
                  <dt>{t.totalsAmount}</dt>
                  <dd>{formatCents(data.totals.amount, locale)}</dd>
                </div>
                <div>
                  <dt>{t.totalsCaptured}</dt>
                  <dd>{formatCents(data.totals.captured_amount, locale)}</dd>
                </div>
                <div>
                  <dt>{t.totalsRefunded}</dt>
                  <dd>{formatCents(data.totals.refunded_amount, locale)}</dd>
                </div>
              </dl>
            </section>
          ) : null
        }
        empty={
          <p className="empty" role="status">
            {t.noPayments}
          </p>
        }
        table={{
          caption: `${t.paymentsTitle} · ${t.pageOf(cursors.length + 1)}`,
          columns: paymentColumns(t, locale),
          rowKey: (payment) => payment.id,
          busy: list.isFetching,
        }}
        footer={
          <CursorPager
            cursors={cursors}
            onChange={(next) => setPages({ key: filterKey, cursors: next })}
            nextCursor={data?.next_cursor}
            words={t}
          />
        }
      />
    </>
  );
}
