import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import type {
  ConsoleAnticipation,
  ConsoleReceivableCalendar,
  ReceivableDayGroup,
  ReceivableSums,
} from '../../../contract/console/console-receivables.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatCents, formatDay, methodName } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import type { ConsoleMessages } from '../common/console-messages.ts';
import { ConsoleLink } from '../common/console-link.tsx';
import { DataTable, type Column } from '../common/data-table.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { calendarQuery, receivablesCsvUrl, simulateAnticipation } from './api.ts';
import { useReceivablesWords, type ReceivablesMessages } from './receivables-messages.ts';
import '../common/page-parts.css';
import './receivables.css';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const two = (n: number) => String(n).padStart(2, '0');

/** Today on this device's calendar (the server's "today" is São Paulo's; the two differ only around midnight). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function monthRange(month: string): { from: string; to: string } {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${two(last)}` };
}

function shiftMonth(month: string, by: number): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}`;
}

/** "Dezembro de 2026", "December 2026": the month capitalised, the rest as Intl writes it. */
function monthName(month: string, locale: string): string {
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ZERO: ReceivableSums = { count: 0, gross: 0, fee: 0, net: 0, fee_unknown: 0, amount: 0 };

function add(a: ReceivableSums, b: ReceivableSums): ReceivableSums {
  return {
    count: a.count + b.count,
    gross: a.gross + b.gross,
    fee: a.fee + b.fee,
    net: a.net + b.net,
    fee_unknown: a.fee_unknown + b.fee_unknown,
    amount: a.amount + b.amount,
  };
}

function totalsOf(
  groups: readonly ReceivableDayGroup[],
  status: ReceivableDayGroup['status'],
): ReceivableSums {
  return groups.filter((group) => group.status === status).reduce(add, ZERO);
}

/** Gross, fees and what lands (net; gross where the fee is unknown), and how many had no fee. */
function SumFacts({ sums }: { sums: ReceivableSums }) {
  const { w, locale } = useReceivablesWords();
  return (
    <>
      <div>
        <dt>{w.net}</dt>
        <dd className="receivable-amount">{formatCents(sums.amount, locale)}</dd>
      </div>
      <div>
        <dt>{w.gross}</dt>
        <dd>{formatCents(sums.gross, locale)}</dd>
      </div>
      <div>
        <dt>{w.fees}</dt>
        <dd>{formatCents(sums.fee, locale)}</dd>
      </div>
      {sums.fee_unknown > 0 ? (
        <div>
          <dt className="visually-hidden">{w.fees}</dt>
          <dd className="hint">{w.feeUnknown(sums.fee_unknown)}</dd>
        </div>
      ) : null}
    </>
  );
}

function WindowCards({ calendar }: { calendar: ConsoleReceivableCalendar }) {
  const { w } = useReceivablesWords();
  return (
    <div className="receivable-windows">
      {calendar.windows.map((window) => (
        <section key={window.days} className="card" aria-label={w.next(window.days)}>
          <h2>{w.next(window.days)}</h2>
          <h3>{w.expected}</h3>
          <dl className="facts" data-testid={`window-${window.days}-expected`}>
            <SumFacts sums={window.expected} />
          </dl>
          {window.paid.count > 0 ? (
            <>
              <h3>{w.paid}</h3>
              <dl className="facts">
                <SumFacts sums={window.paid} />
              </dl>
            </>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function groupColumns(w: ReceivablesMessages, t: ConsoleMessages, locale: 'pt-BR' | 'en', withDay: boolean) {
  const columns: Column<ReceivableDayGroup>[] = [
    ...(withDay ? [{ header: w.colDay, cell: (row: ReceivableDayGroup) => formatDay(row.day, locale) }] : []),
    { header: w.colMethod, cell: (row) => methodName(row.payment_method, t) },
    { header: w.colBrand, cell: (row) => row.card_brand ?? '—' },
    { header: w.colStatus, cell: (row) => (row.status === 'paid' ? w.statusPaid : w.statusExpected) },
    { header: w.colCount, cell: (row) => row.count, align: 'number' },
    { header: w.gross, cell: (row) => formatCents(row.gross, locale), align: 'number' },
    {
      header: w.fees,
      cell: (row) => (row.fee_unknown === row.count ? '—' : formatCents(row.fee, locale)),
      align: 'number',
    },
    { header: w.net, cell: (row) => formatCents(row.amount, locale), align: 'number' },
  ];
  return columns;
}

/** The month as a grid of days (a list of the days with money at 360 px); each day opens its own view. */
function MonthGrid({ month, groups }: { month: string; groups: readonly ReceivableDayGroup[] }) {
  const { w, locale } = useReceivablesWords();
  const { from, to } = monthRange(month);
  const leading = new Date(`${from}T00:00:00Z`).getUTCDay();
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const byDay = new Map<string, { expected: number; paid: number }>();
  for (const group of groups) {
    const entry = byDay.get(group.day) ?? { expected: 0, paid: 0 };
    if (group.status === 'paid') entry.paid += group.amount;
    else entry.expected += group.amount;
    byDay.set(group.day, entry);
  }
  const today = localToday();
  return (
    <div className="receivable-calendar">
      <div className="receivable-weekdays" aria-hidden="true">
        {w.weekdays.split(' ').map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <ol aria-label={w.calendarCaption(monthName(month, locale))}>
        {Array.from({ length: leading }, (_, index) => (
          <li key={`blank-${index}`} className="blank" aria-hidden="true" />
        ))}
        {days.map((day) => {
          const sums = byDay.get(day);
          const label = formatDay(day, locale);
          return (
            <li key={day} className={sums ? 'has-money' : 'empty'} data-day={day}>
              <ConsoleLink
                href={`/console/receivables?day=${day}`}
                aria-label={w.dayButton(
                  label,
                  formatCents(sums?.expected ?? 0, locale),
                  formatCents(sums?.paid ?? 0, locale),
                )}
                aria-current={day === today ? 'date' : undefined}
              >
                <span className="day-number">{Number(day.slice(8))}</span>
                <span className="day-label">{label}</span>
                {sums && sums.expected > 0 ? (
                  <span className="expected">{formatCents(sums.expected, locale)}</span>
                ) : null}
                {sums && sums.paid > 0 ? (
                  <span className="paid">{formatCents(sums.paid, locale)}</span>
                ) : null}
              </ConsoleLink>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function anticipationError(error: unknown, w: ReceivablesMessages): string {
  if (error instanceof ConsoleApiError) {
    if (error.type === 'rate_limited') return w.rateLimited;
    if (error.type === 'gateway_unavailable') return w.gatewayDown;
    if (error.status === 400) return w.badRange;
  }
  return w.gatewayDown;
}

function AnticipationResult({ result }: { result: ConsoleAnticipation }) {
  const { w, locale } = useReceivablesWords();
  const percent = (value: number) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}\u00a0%`;
  if (result.receivables === 0) {
    return (
      <p role="status">
        {w.nothingToAnticipate}
        {result.not_simulated > 0 ? ` ${w.notSimulated(result.not_simulated)}` : ''}
      </p>
    );
  }
  const rows = result.groups.flatMap((group) => group.entries.map((entry) => ({ ...entry, sale: group })));
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    {
      header: w.colSale,
      cell: (row) =>
        `${row.sale.card_brand} ${row.sale.installments}x ${formatCents(row.sale.amount, locale)}`,
    },
    { header: w.colInstallment, cell: (row) => `${row.installment}/${row.sale.installments}` },
    { header: w.colDay, cell: (row) => formatDay(row.expected_on, locale) },
    { header: w.forecastNet, cell: (row) => formatCents(row.net_amount, locale), align: 'number' },
    {
      header: w.anticipatedAmount,
      cell: (row) => formatCents(row.anticipated_amount, locale),
      align: 'number',
    },
    { header: w.anticipationRate, cell: (row) => percent(row.anticipation_rate), align: 'number' },
  ];
  return (
    <div role="status" className="anticipation-result">
      <p className="anticipation-summary">
        {w.anticipationSummary(
          formatCents(result.anticipated_amount, locale),
          formatCents(result.net_amount, locale),
          String(Math.round(result.average_days_ahead ?? 0)),
          formatCents(result.cost, locale),
        )}
      </p>
      <dl className="facts">
        <div>
          <dt>{w.anticipatedAmount}</dt>
          <dd data-testid="anticipated-amount">{formatCents(result.anticipated_amount, locale)}</dd>
        </div>
        <div>
          <dt>{w.forecastNet}</dt>
          <dd>{formatCents(result.net_amount, locale)}</dd>
        </div>
        <div>
          <dt>{w.cost}</dt>
          <dd>{formatCents(result.cost, locale)}</dd>
        </div>
      </dl>
      {result.monthly_rate !== null ? <p>{w.monthlyRate(percent(result.monthly_rate))}</p> : null}
      {result.not_simulated > 0 ? <p className="hint">{w.notSimulated(result.not_simulated)}</p> : null}
      <p className="hint">{w.gatewayFigures}</p>
      <DataTable
        className="payments receivables-table"
        caption={w.anticipationTitle}
        columns={columns}
        rows={rows}
        rowKey={(row) =>
          `${row.sale.card_brand}-${row.sale.installments}-${row.sale.amount}-${row.installment}-${row.expected_on}`
        }
      />
    </div>
  );
}

function AnticipationPanel() {
  const { w } = useReceivablesWords();
  const today = localToday();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 89));
  const fromId = useId();
  const toId = useId();
  const simulation = useMutation({
    mutationFn: (range: { from: string; to: string }) => simulateAnticipation(range.from, range.to),
  });
  return (
    <section className="card anticipation" aria-labelledby={`${fromId}-title`}>
      <h2 id={`${fromId}-title`}>{w.anticipationTitle}</h2>
      <p>{w.anticipationIntro}</p>
      <p className="notice">{w.notAnOffer}</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          if (DAY_PATTERN.test(from) && DAY_PATTERN.test(to)) simulation.mutate({ from, to });
        }}
      >
        <label htmlFor={fromId}>{w.anticipationFrom}</label>
        <input
          id={fromId}
          type="date"
          value={from}
          required
          onChange={(event) => setFrom(event.target.value)}
        />
        <label htmlFor={toId}>{w.anticipationTo}</label>
        <input id={toId} type="date" value={to} required onChange={(event) => setTo(event.target.value)} />
        <button type="submit" className="button primary" disabled={simulation.isPending}>
          {simulation.isPending ? w.simulating : w.simulate}
        </button>
      </form>
      {simulation.isError ? (
        <p role="alert" className="alert">
          {anticipationError(simulation.error, w)}
        </p>
      ) : null}
      {simulation.data ? <AnticipationResult result={simulation.data} /> : null}
    </section>
  );
}

function MonthView({ month, calendar }: { month: string; calendar: ConsoleReceivableCalendar }) {
  const { w, locale } = useReceivablesWords();
  const { t } = useConsoleI18n();
  const expected = totalsOf(calendar.groups, 'expected');
  const paid = totalsOf(calendar.groups, 'paid');
  const { from, to } = monthRange(month);
  return (
    <>
      <nav className="receivable-month-nav" aria-label={w.viewMonth}>
        <ConsoleLink className="button" href={`/console/receivables?month=${shiftMonth(month, -1)}`}>
          <span aria-hidden="true">‹ </span>
          {w.previousMonth}
        </ConsoleLink>
        <h2 aria-live="polite">{monthName(month, locale)}</h2>
        <ConsoleLink className="button" href={`/console/receivables?month=${shiftMonth(month, 1)}`}>
          {w.nextMonth}
          <span aria-hidden="true"> ›</span>
        </ConsoleLink>
      </nav>
      <MonthGrid month={month} groups={calendar.groups} />
      {calendar.groups.length === 0 ? <p>{w.nothingThisMonth}</p> : null}
      <section className="card" aria-label={w.monthTotals}>
        <h2>{w.monthTotals}</h2>
        <h3>{w.expected}</h3>
        <dl className="facts">
          <SumFacts sums={expected} />
        </dl>
        <h3>{w.paid}</h3>
        <dl className="facts">
          <SumFacts sums={paid} />
        </dl>
        <div className="actions">
          <a className="button" href={receivablesCsvUrl(from, to, 'dot')} download>
            {w.exportCsv}
          </a>
          <a className="button" href={receivablesCsvUrl(from, to, 'comma')} download>
            {w.exportCsvComma}
          </a>
        </div>
      </section>
      <details className="receivable-table">
        <summary>{w.chartAsTable}</summary>
        <DataTable
          className="payments receivables-table"
          caption={w.calendarCaption(monthName(month, locale))}
          columns={groupColumns(w, t, locale, true)}
          rows={calendar.groups}
          rowKey={(row) => `${row.day}-${row.payment_method}-${row.card_brand ?? ''}-${row.status}`}
        />
      </details>
    </>
  );
}

function DayView({ day, calendar }: { day: string; calendar: ConsoleReceivableCalendar }) {
  const { w, locale } = useReceivablesWords();
  const { t } = useConsoleI18n();
  const groups = calendar.groups.filter((group) => group.day === day);
  return (
    <>
      <nav className="receivable-month-nav" aria-label={w.viewDay}>
        <ConsoleLink className="button" href={`/console/receivables?day=${addDays(day, -1)}`}>
          <span aria-hidden="true">‹ </span>
          {formatDay(addDays(day, -1), locale)}
        </ConsoleLink>
        <h2>{w.dayTitle(formatDay(day, locale))}</h2>
        <ConsoleLink className="button" href={`/console/receivables?day=${addDays(day, 1)}`}>
          {formatDay(addDays(day, 1), locale)}
          <span aria-hidden="true"> ›</span>
        </ConsoleLink>
      </nav>
      <p>
        <ConsoleLink href={`/console/receivables?month=${day.slice(0, 7)}`}>
          {monthName(day.slice(0, 7), locale)}
        </ConsoleLink>
      </p>
      {groups.length === 0 ? (
        <p>{w.nothingThisDay}</p>
      ) : (
        <DataTable
          className="payments receivables-table"
          caption={w.byMethodBrand}
          columns={groupColumns(w, t, locale, false)}
          rows={groups}
          rowKey={(row) => `${row.payment_method}-${row.card_brand ?? ''}-${row.status}`}
        />
      )}
    </>
  );
}

/**
 * `/console/receivables` (staff and owners): what lands when, net of fees — the next 7/30/90 days, a month's
 * calendar (`?month=YYYY-MM`) or one day (`?day=YYYY-MM-DD`), each with its table and the month's CSV — and the
 * gateway's anticipation simulation. Its own chunk: the console's first load does not carry it.
 */
export function ReceivablesPage({ query, me }: { query: URLSearchParams; me: ConsoleMe }) {
  const { w } = useReceivablesWords();
  const dayParam = query.get('day');
  const day = dayParam && DAY_PATTERN.test(dayParam) ? dayParam : null;
  const monthParam = query.get('month');
  const month = day
    ? day.slice(0, 7)
    : monthParam && MONTH_PATTERN.test(monthParam)
      ? monthParam
      : localToday().slice(0, 7);
  const range = monthRange(month);
  const allowed = roleMay(me.user.role, 'operate');
  const calendar = useQuery({ ...calendarQuery(range.from, range.to), enabled: allowed });
  return (
    <section className="receivables-page" aria-labelledby="receivables-title">
      <h1 id="receivables-title">{w.title}</h1>
      <p>{w.intro}</p>
      {!allowed ? (
        <p role="alert" className="alert">
          {w.forbidden}
        </p>
      ) : calendar.isError ? (
        <ErrorState error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : !calendar.data ? (
        <LoadingState />
      ) : (
        <>
          <WindowCards calendar={calendar.data} />
          {day ? (
            <DayView day={day} calendar={calendar.data} />
          ) : (
            <MonthView month={month} calendar={calendar.data} />
          )}
          <AnticipationPanel />
        </>
      )}
    </section>
  );
}
