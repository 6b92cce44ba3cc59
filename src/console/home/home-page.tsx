import { useQuery } from '@tanstack/react-query';
import type { ConsoleSummaryView } from '../../../contract/console/console-payments.ts';
import { formatCents, methodName } from '../common/console-format.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ErrorState, LoadingState } from '../common/states.tsx';
import { summaryQuery } from './api.ts';

type Period = ConsoleSummaryView['today'];

function PeriodCard({ title, period }: { title: string; period: Period }) {
  const { t, locale } = useConsoleI18n();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <dl className="facts">
        <div>
          <dt>{t.paidVolume}</dt>
          <dd>{formatCents(period.gross, locale)}</dd>
        </div>
        <div>
          <dt>{t.refundsWord}</dt>
          <dd>{formatCents(period.refunds, locale)}</dd>
        </div>
        <div>
          <dt>{t.netWord}</dt>
          <dd>{formatCents(period.net, locale)}</dd>
        </div>
        <div>
          <dt>{t.paidCount}</dt>
          <dd>{period.count}</dd>
        </div>
        {Object.entries(period.by_method).map(([method, figures]) => (
          <div key={method}>
            <dt>{methodName(method, t)}</dt>
            <dd>
              {formatCents(figures.gross, locale)} · {figures.count}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t.approvalRate}</dt>
          <dd>{period.approval_rate === null ? '—' : percent.format(period.approval_rate)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** 30 bars, drawn as SVG (no chart library): the figures are also in the table below for screen readers. */
function DailyChart({ daily }: { daily: ConsoleSummaryView['daily'] }) {
  const { t, locale } = useConsoleI18n();
  const max = Math.max(1, ...daily.map((day) => day.gross));
  const width = 300;
  const height = 100;
  const bar = width / daily.length;
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  return (
    <figure className="chart">
      <figcaption>{t.dailyChart}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t.dailyChart} preserveAspectRatio="none">
        {daily.map((day, index) => {
          const h = (day.gross / max) * (height - 4);
          return (
            <rect key={day.day} x={index * bar + 1} y={height - h} width={bar - 2} height={h} className="bar">
              <title>
                {dayLabel(day.day)}: {formatCents(day.gross, locale)}
              </title>
            </rect>
          );
        })}
      </svg>
      <details>
        <summary>{t.chartAsTable}</summary>
        <table className="payments">
          <thead>
            <tr>
              <th scope="col">{t.colDate}</th>
              <th scope="col" className="number">
                {t.paidVolume}
              </th>
              <th scope="col" className="number">
                {t.paidCount}
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <td data-label={t.colDate}>{dayLabel(day.day)}</td>
                <td data-label={t.paidVolume} className="number">
                  {formatCents(day.gross, locale)}
                </td>
                <td data-label={t.paidCount} className="number">
                  {day.count}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function HomePage() {
  const { t } = useConsoleI18n();
  const summary = useQuery(summaryQuery);
  return (
    <>
      <h1 tabIndex={-1}>{t.homeTitle}</h1>
      {summary.isPending ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <div className="cards">
            <PeriodCard title={t.today} period={summary.data.today} />
            <PeriodCard title={t.last30Days} period={summary.data.last_30_days} />
          </div>
          <p className="hint">{t.netHint}</p>
          <DailyChart daily={summary.data.daily} />
        </>
      )}
    </>
  );
}
